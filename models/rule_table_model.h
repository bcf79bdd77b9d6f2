// The verification rules of a Contribute example as an editable table (LTB, papers.md: up to
// MaxRulesPerExample rules, one conceptual issue each): kind, rule text, match case and Unicode
// normalisation per row. Kind and normalisation cells show a translated label and edit the stored
// key ("llm", "contains", "not_contains", "regex"; "nfc", "nfkc", "none") through Qt::EditRole;
// match case is a check box (Qt::CheckStateRole). Match case and normalisation are disabled for
// natural-language rules, as the verifier ignores them. markInvalidRules() records each rule's
// problem (VerificationRule::validate); marked text cells get a red background and the reason as
// tooltip until the next marking.
#pragma once

#include "engine/verify/verification_rule.h"

#include "models/flat_table_model.h"
#include <QList>
#include <QPair>
#include <QVector>

namespace gauntlet {

class RuleTableModel : public FlatTableModel {
    Q_OBJECT
public:
    enum Column { KindColumn, TextColumn, CaseColumn, NormalizationColumn, ColumnCount };
    /// A rule as the table holds it: text may be empty or invalid while it is being typed.
    struct Row {
        QString kind = QStringLiteral("llm");
        QString text;
        bool caseSensitive = false;
        QString normalization = QStringLiteral("nfc");
        bool operator==(const Row &o) const
        {
            return kind == o.kind && text == o.text && caseSensitive == o.caseSensitive && normalization == o.normalization;
        }
    };

    explicit RuleTableModel(QObject *parent = nullptr);

    /// The choices of the kind column: (key, translated label), in menu order.
    static QList<QPair<QString, QString>> kindOptions();
    /// The choices of the normalisation column: (key, translated label).
    static QList<QPair<QString, QString>> normalizationOptions();

    /// Replaces all rows and clears the invalid marks; emits no edited().
    void setRules(const QVector<Row> &rows);
    QVector<Row> rows() const { return m_rows; }
    Row row(int index) const { return m_rows.value(index); }
    /// Inserts `row` at `index` (clamped to 0..rowCount()); emits edited().
    void insertRule(int index, const Row &row);
    /// Removes the row at `index` (ignored when out of range); emits edited().
    void removeRule(int index);

    /// The rules with text, in row order (blank rows are being typed and are skipped). The first
    /// invalid rule's reason goes to `error` as "Rule N: reason" (N counts table rows from 1), or
    /// "at most 10 rules" when there are more than MaxRulesPerExample.
    QVector<verify::VerificationRule> collectRules(QString *error) const;
    /// Marks each non-blank rule that VerificationRule::validate refuses (shown in the text
    /// cell's background and tooltip) and clears the marks of the others; emits no edited().
    void markInvalidRules();
    /// The reason row `index` was marked invalid, or an empty string.
    QString problem(int index) const { return m_problems.value(index); }

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

Q_SIGNALS:
    /// A user edit: a cell changed, or a rule was inserted or removed.
    void edited();

private:
    int flatRowCount() const override { return int(m_rows.size()); }
    static verify::VerificationRule toRule(const Row &row);

    QVector<Row> m_rows;
    QVector<QString> m_problems;  ///< parallel to m_rows; empty = not marked
};

}  // namespace gauntlet
