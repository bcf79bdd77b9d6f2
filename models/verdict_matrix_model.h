// The verdict matrix of a challenge example as a table: the reference and the MT outputs as rows,
// the row's overall verdict and one column per verification rule (LTB, papers.md). Cells show
// pass / fail / unknown with a colour; with several verifiers each one's verdict ("pass / fail"),
// amber and flagged where they disagree; a reviewer's verdict set by hand as "pass (human)".
// Tooltips carry the rule, the verdict set by hand and the verifiers' raw replies (cut to 300
// characters) or errors; rules that no MT output fails are flagged in the header.
#pragma once

#include "engine/verify/acceptance_gate.h"

#include <QAbstractTableModel>

namespace gauntlet {

class VerdictMatrixModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { SystemColumn, TranslationColumn, OverallColumn, FirstRuleColumn };
    enum Role {
        VerdictRole = Qt::UserRole + 1,  ///< int(Verdict) for the overall and rule columns
        IsReferenceRole,                 ///< bool
        TestsNothingRole,                ///< bool, header of a rule column
        HumanOverrideRole,               ///< bool, rule cells: a reviewer set the verdict by hand
        DisagreementRole,                ///< bool, rule cells: two verifiers gave pass and fail
    };

    explicit VerdictMatrixModel(QObject *parent = nullptr);

    /// Replaces the matrix (the whole table resets).
    void setMatrix(const verify::VerdictMatrix &matrix);
    const verify::VerdictMatrix &matrix() const { return m_matrix; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// The translated name of a verdict ("pass", "fail", "unknown").
    static QString verdictLabel(verify::Verdict verdict);
    /// The cell behind rule column `index`, or nullptr for another column.
    const verify::VerdictCell *cellAt(const QModelIndex &index) const;

private:
    verify::VerdictMatrix m_matrix;
};

}  // namespace gauntlet
