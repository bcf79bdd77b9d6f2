// The verdict matrix of a challenge example as a table: the reference and the MT outputs as rows,
// the row's overall verdict and one column per verification rule (LTB, papers.md). Cells show
// pass / fail / unknown with a colour; tooltips carry the translation, the rule and the
// verifiers' raw replies or errors; rules that no MT output fails are flagged in the header.
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
    };

    explicit VerdictMatrixModel(QObject *parent = nullptr);

    /// Replaces the matrix (the whole table resets).
    void setMatrix(const VerdictMatrix &matrix);
    const VerdictMatrix &matrix() const { return m_matrix; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// The translated name of a verdict ("pass", "fail", "unknown").
    static QString verdictLabel(Verdict verdict);

private:
    VerdictMatrix m_matrix;
};

}  // namespace gauntlet
