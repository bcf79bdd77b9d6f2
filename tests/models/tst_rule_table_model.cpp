// RuleTableModel, the Contribute page's verification rules table: checked by
// QAbstractItemModelTester, and against hand-written expectations for the cells' roles, which
// cells are editable for which rule kind, the rules collected for saving (blank rows skipped,
// the first invalid rule named by its table row, the LTB limit of 10), the invalid marks, and
// which changes count as edits.
#include "models/rule_table_model.h"

#include <QAbstractItemModelTester>
#include <QBrush>
#include <QSignalSpy>
#include "tests/support/test_main.h"
#include <QtTest>

using namespace gauntlet;

namespace {
RuleTableModel::Row rule(const QString &kind, const QString &text, bool caseSensitive = false, const QString &normalization = QStringLiteral("nfc"))
{
    RuleTableModel::Row r;
    r.kind = kind;
    r.text = text;
    r.caseSensitive = caseSensitive;
    r.normalization = normalization;
    return r;
}
}  // namespace

class TestRuleTableModel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void cells_showLabelsAndEditKeys()
    {
        RuleTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy edited(&model, &RuleTableModel::edited);
        model.setRules({rule(QStringLiteral("llm"), QStringLiteral("Keeps the tense.")),
                        rule(QStringLiteral("not_contains"), QStringLiteral("banco"), true, QStringLiteral("nfkc")),
                        rule(QStringLiteral("bogus"), QStringLiteral("x"), false, QStringLiteral("nfd"))});
        QCOMPARE(edited.count(), 0);  // loading is not an edit
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.columnCount(), 4);
        QCOMPARE(model.headerData(RuleTableModel::TextColumn, Qt::Horizontal).toString(), QStringLiteral("Rule"));
        QCOMPARE(model.index(0, RuleTableModel::KindColumn).data().toString(), QStringLiteral("Natural language (LLM)"));
        QCOMPARE(model.index(1, RuleTableModel::KindColumn).data().toString(), QStringLiteral("Does not contain"));
        QCOMPARE(model.index(1, RuleTableModel::KindColumn).data(Qt::EditRole).toString(), QStringLiteral("not_contains"));
        QCOMPARE(model.index(1, RuleTableModel::TextColumn).data().toString(), QStringLiteral("banco"));
        QCOMPARE(model.index(1, RuleTableModel::CaseColumn).data(Qt::CheckStateRole).toInt(), int(Qt::Checked));
        QCOMPARE(model.index(0, RuleTableModel::CaseColumn).data(Qt::CheckStateRole).toInt(), int(Qt::Unchecked));
        QCOMPARE(model.index(1, RuleTableModel::NormalizationColumn).data().toString(), QStringLiteral("NFKC"));
        QCOMPARE(model.index(1, RuleTableModel::NormalizationColumn).data(Qt::EditRole).toString(), QStringLiteral("nfkc"));
        // unknown keys fall back to the defaults (the old combo boxes' first entries)
        QCOMPARE(model.index(2, RuleTableModel::KindColumn).data(Qt::EditRole).toString(), QStringLiteral("llm"));
        QCOMPARE(model.index(2, RuleTableModel::NormalizationColumn).data(Qt::EditRole).toString(), QStringLiteral("nfc"));
        // match case and normalisation apply to string rules only
        QVERIFY(!(model.flags(model.index(0, RuleTableModel::CaseColumn)) & Qt::ItemIsEnabled));
        QVERIFY(!(model.flags(model.index(0, RuleTableModel::NormalizationColumn)) & Qt::ItemIsEnabled));
        QVERIFY(model.flags(model.index(1, RuleTableModel::CaseColumn)) & Qt::ItemIsUserCheckable);
        QVERIFY(model.flags(model.index(1, RuleTableModel::NormalizationColumn)) & Qt::ItemIsEditable);
        QVERIFY(model.flags(model.index(0, RuleTableModel::KindColumn)) & Qt::ItemIsEditable);
        QVERIFY(model.flags(model.index(0, RuleTableModel::TextColumn)) & Qt::ItemIsEditable);
    }

    void setData_editsAndRefusals()
    {
        RuleTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setRules({rule(QStringLiteral("llm"), QStringLiteral("Keeps the tense."))});
        QSignalSpy edited(&model, &RuleTableModel::edited);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        const QModelIndex kind = model.index(0, RuleTableModel::KindColumn);
        const QModelIndex caseCell = model.index(0, RuleTableModel::CaseColumn);
        // a natural-language rule has no match case
        QVERIFY(!model.setData(caseCell, Qt::Checked, Qt::CheckStateRole));
        QVERIFY(!model.setData(kind, QStringLiteral("fuzzy")));
        QCOMPARE(edited.count(), 0);
        QVERIFY(model.setData(kind, QStringLiteral("contains")));
        QCOMPARE(edited.count(), 1);
        // the whole row changes: the string options' cells are enabled now
        QCOMPARE(changed.last().at(0).toModelIndex(), kind);
        QCOMPARE(changed.last().at(1).toModelIndex(), model.index(0, RuleTableModel::NormalizationColumn));
        QVERIFY(model.setData(caseCell, Qt::Checked, Qt::CheckStateRole));
        QVERIFY(model.setData(model.index(0, RuleTableModel::NormalizationColumn), QStringLiteral("none")));
        QVERIFY(!model.setData(model.index(0, RuleTableModel::NormalizationColumn), QStringLiteral("nfd")));
        QCOMPARE(edited.count(), 3);
        // setting the same value again is not an edit
        QVERIFY(model.setData(model.index(0, RuleTableModel::TextColumn), QStringLiteral("Keeps the tense.")));
        QCOMPARE(edited.count(), 3);
        const RuleTableModel::Row expected = rule(QStringLiteral("contains"), QStringLiteral("Keeps the tense."), true, QStringLiteral("none"));
        QVERIFY(model.row(0) == expected);
    }

    void insertAndRemove_atTheirRows()
    {
        RuleTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy edited(&model, &RuleTableModel::edited);
        model.insertRule(0, rule(QStringLiteral("llm"), QStringLiteral("b")));
        model.insertRule(0, rule(QStringLiteral("llm"), QStringLiteral("a")));
        model.insertRule(99, rule(QStringLiteral("llm"), QStringLiteral("c")));  // clamped to the end
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.index(0, 1).data().toString(), QStringLiteral("a"));
        QCOMPARE(model.index(2, 1).data().toString(), QStringLiteral("c"));
        model.removeRule(1);
        model.removeRule(5);  // ignored
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.index(1, 1).data().toString(), QStringLiteral("c"));
        QCOMPARE(edited.count(), 4);
    }

    void collectRules_skipsBlankRowsAndNamesTheFirstInvalidRule()
    {
        RuleTableModel model;
        model.setRules({rule(QStringLiteral("llm"), QStringLiteral("  ")),
                        rule(QStringLiteral("regex"), QStringLiteral("(unclosed")),
                        rule(QStringLiteral("contains"), QStringLiteral("Ring"), true, QStringLiteral("nfkc"))});
        QString error;
        const QVector<verify::VerificationRule> rules = model.collectRules(&error);
        QCOMPARE(rules.size(), 2);
        QVERIFY2(error.startsWith(QStringLiteral("Rule 2: ")), qPrintable(error));  // table row 2, the blank row counts
        QCOMPARE(rules[0].kind, verify::VerificationRule::Kind::Regex);
        QCOMPARE(rules[1].kind, verify::VerificationRule::Kind::Contains);
        QCOMPARE(rules[1].text, QStringLiteral("Ring"));
        QVERIFY(rules[1].caseSensitive);
        QCOMPARE(rules[1].normalization, verify::VerificationRule::Normalization::NFKC);

        QVector<RuleTableModel::Row> eleven;
        for (int i = 1; i <= 11; ++i)
            eleven.append(rule(QStringLiteral("llm"), QStringLiteral("Rule number %1.").arg(i)));
        model.setRules(eleven);
        error.clear();
        QCOMPARE(model.collectRules(&error).size(), 11);
        QCOMPARE(error, QStringLiteral("at most 10 rules"));
    }

    void markInvalidRules_marksUntilTheNextMarking()
    {
        RuleTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setRules({rule(QStringLiteral("regex"), QStringLiteral("(unclosed")), rule(QStringLiteral("llm"), QStringLiteral("Fine."))});
        const QModelIndex bad = model.index(0, RuleTableModel::TextColumn);
        const QModelIndex good = model.index(1, RuleTableModel::TextColumn);
        QVERIFY(!bad.data(Qt::BackgroundRole).isValid());  // not marked before markInvalidRules
        QSignalSpy edited(&model, &RuleTableModel::edited);
        model.markInvalidRules();
        QCOMPARE(edited.count(), 0);
        QCOMPARE(bad.data(Qt::BackgroundRole).value<QBrush>().color(), QColor(0xff, 0xcd, 0xd2));
        QVERIFY2(bad.data(Qt::ToolTipRole).toString().contains(QStringLiteral("regular expression")), qPrintable(bad.data(Qt::ToolTipRole).toString()));
        QCOMPARE(model.problem(0), bad.data(Qt::ToolTipRole).toString());
        QVERIFY(!good.data(Qt::BackgroundRole).isValid());
        QCOMPARE(good.data(Qt::ToolTipRole).toString(), QStringLiteral("Fine."));
        QVERIFY(model.setData(bad, QStringLiteral("(closed)")));
        QVERIFY(bad.data(Qt::BackgroundRole).isValid());  // still marked until the next marking
        model.markInvalidRules();
        QVERIFY(!bad.data(Qt::BackgroundRole).isValid());
        QCOMPARE(bad.data(Qt::ToolTipRole).toString(), QStringLiteral("(closed)"));
        // a removed row takes its mark with it
        model.setData(bad, QStringLiteral("(again"));
        model.markInvalidRules();
        model.removeRule(0);
        QCOMPARE(model.problem(0), QString());
    }
};

GAUNTLET_TEST_MAIN(TestRuleTableModel)
#include "tst_rule_table_model.moc"
