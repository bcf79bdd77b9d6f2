// Issue 19, items 10 to 12 in the GUI, offscreen, with real clicks and keys: a verdict matrix cell
// shows its verifiers' raw replies cut in the tooltip and whole (with verifier, rule and time) in
// the detail pane; two verifiers' disagreement is flagged; a reviewer sets a verdict by hand with
// a reason (stored with the profile name), it is marked and counted by the gate, and undo/redo
// and removal work; the Review tab shows the verifiers' Cohen's kappa table and (item 13) the
// annotators' rule-form answers next to each rule.
// With GAUNTLET_SCREENSHOT_DIR set, saves the verdict detail, the override and the kappa table.
#include "app/workspaces/contribute_workspace.h"
#include "app/workspaces/contribute_page.h"
#include "app/workspaces/review_panel.h"
#include "engine/evaluate/campaign_store.h"
#include "engine/store/project.h"
#include "engine/verify/example_store.h"
#include "engine/verify/verdict_override_store.h"
#include "models/verdict_matrix_model.h"
#include "tests/support/cli_runner.h"
#include "tests/support/show_widget.h"
#include "tests/support/fake_chat_server.h"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTableWidget>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTextBrowser>
#include "tests/support/example_builder.h"
#include "tests/support/screenshots.h"
#include "tests/support/test_main.h"
#include <QtTest>

using namespace gauntlet;

namespace {

template <typename T>
T *child(QWidget *parent, const char *name)
{
    T *w = parent->findChild<T *>(QLatin1String(name));
    if (!w)
        qWarning("no child named %s", name);
    return w;
}

VerdictMatrixModel *matrixOf(QWidget *page)
{
    return qobject_cast<VerdictMatrixModel *>(child<QTableView>(page, "verdictMatrixView")->model());
}

void clickCell(QTableView *view, int row, int column)
{
    const QModelIndex index = view->model()->index(row, column);
    view->scrollTo(index);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(index).center());
}

}  // namespace

class TestVerdictDetail : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void detailPaneOverrideUndoAndKappa()
    {
        auto project = storage::Project::open(m_dir.filePath(QStringLiteral("detail.gauntlet")), storage::Project::Options{false});
        verify::ExampleStore store(project->database());
        testing::saveVerifiers(store, QStringLiteral("http://127.0.0.1:9/v1"), {QStringLiteral("v1"), QStringLiteral("v2")});
        verify::ChallengeExample e = testing::makeExample(QStringLiteral("English"), QStringLiteral("German"), QStringLiteral("The dog barks."), QStringLiteral("Der Hund bellt."));
        e.author = QStringLiteral("ana");
        const qint64 id = store.addExample(e);
        verify::VerificationRule rule = testing::makeRule(QStringLiteral("Hund takes the masculine article der."));
        store.setRules(id, {rule});
        const QString output = QStringLiteral("Die Hund bellt.");
        store.setTranslation(id, QStringLiteral("A"), QStringLiteral("manual"), output);
        // v1's reply on A is long: the tooltip cuts it, the pane shows it whole.
        const QString longReply = QStringLiteral("FAIL\n\nExplanation: ") + QStringLiteral("The article is wrong. ").repeated(20) +
                                  QStringLiteral("END-OF-REPLY");
        verify::VerdictCache cache;
        cache.insert(rule, QStringLiteral("v1"), e.reference, verify::VerdictRecord{verify::Verdict::Pass, QStringLiteral("Pass."), {}, {}});
        cache.insert(rule, QStringLiteral("v2"), e.reference, verify::VerdictRecord{verify::Verdict::Pass, QStringLiteral("PASS"), {}, {}});
        cache.insert(rule, QStringLiteral("v1"), output, verify::VerdictRecord{verify::Verdict::Fail, longReply, {}, {}});
        cache.insert(rule, QStringLiteral("v2"), output, verify::VerdictRecord{verify::Verdict::Pass, QStringLiteral("Pass."), {}, {}});
        store.saveVerdicts(id, cache);
        const QString storedAt = project->database().scalar(QStringLiteral("SELECT created_at FROM verdicts LIMIT 1")).toString();

        ContributeWorkspace workspace;
        workspace.resize(1280, 1000);
        workspace.setProject(project.get());
        QVERIFY(testing::showActive(workspace));
        workspace.profileEdit()->setText(QStringLiteral("rev"));
        ContributePage *editor = child<ContributePage>(&workspace, "contributePage");
        editor->openExample(id);

        auto *view = child<QTableView>(editor, "verdictMatrixView");
        QVERIFY(view);
        QAbstractItemModel *model = view->model();
        const int column = VerdictMatrixModel::FirstRuleColumn;
        QCOMPARE(model->rowCount(), 2);  // reference, A
        const QModelIndex cellA = model->index(1, column);
        // Item 12: each verifier's verdict in the cell, the disagreement flagged.
        QVERIFY2(cellA.data().toString().contains(QStringLiteral("fail / pass")), qPrintable(cellA.data().toString()));
        QVERIFY(cellA.data(VerdictMatrixModel::DisagreementRole).toBool());
        QVERIFY(!model->index(0, column).data(VerdictMatrixModel::DisagreementRole).toBool());
        // Item 10: the tooltip holds the reply cut to 300 characters, not its end.
        const QString tooltip = cellA.data(Qt::ToolTipRole).toString();
        QVERIFY2(tooltip.contains(QStringLiteral("v1: FAIL Explanation: The article is wrong.")), qPrintable(tooltip));
        QVERIFY(tooltip.contains(QStringLiteral("v2: Pass.")));
        QVERIFY(!tooltip.contains(QStringLiteral("END-OF-REPLY")));
        QVERIFY(tooltip.contains(QStringLiteral("...")));

        auto *pane = child<QWidget>(editor, "verdictDetailPane");
        auto *detail = child<QTextBrowser>(editor, "verdictDetailText");
        QVERIFY(pane && detail);
        QVERIFY(!detail->toPlainText().contains(QStringLiteral("END-OF-REPLY")));
        clickCell(view, 1, column);
        const QString text = detail->toPlainText();
        QVERIFY2(text.contains(QStringLiteral("END-OF-REPLY")), qPrintable(text));           // the whole reply
        QVERIFY(text.contains(QStringLiteral("Rule 1")) && text.contains(rule.text));          // the rule
        QVERIFY(text.contains(QStringLiteral("v1: fail")) && text.contains(QStringLiteral("v2: pass")));  // each verifier
        QVERIFY2(text.contains(storedAt.left(19).replace(u'T', u' ')), qPrintable(storedAt));  // the time
        QVERIFY(text.contains(QStringLiteral("The verifiers disagree")));
        testing::saveScreenshot(pane->parentWidget(), QStringLiteral("contribute-verdict-detail.png"));

        // Item 11: set the verdict by hand with a reason, by keyboard and click.
        auto *combo = child<QComboBox>(pane, "overrideVerdictCombo");
        auto *reason = child<QLineEdit>(pane, "overrideReasonEdit");
        auto *set = child<QPushButton>(pane, "overrideSetButton");
        auto *remove = child<QPushButton>(pane, "overrideRemoveButton");
        auto *undo = child<QPushButton>(pane, "overrideUndoButton");
        QVERIFY(combo && reason && set && remove && undo);
        QVERIFY(!remove->isEnabled());
        QTest::mouseClick(set, Qt::LeftButton);  // no reason: refused, nothing stored
        QVERIFY(detail->toPlainText().contains(QStringLiteral("Give a reason")));
        QVERIFY(verify::VerdictOverrideStore(project->database()).overrides(id).isEmpty());
        combo->setFocus();
        QTest::keyClick(combo, Qt::Key_Down);
        QCOMPARE(combo->currentText(), QStringLiteral("fail"));
        QTest::keyClicks(reason, QStringLiteral("Die Hund: wrong article"));
        QTest::mouseClick(set, Qt::LeftButton);
        QVector<verify::VerdictOverride> stored = verify::VerdictOverrideStore(project->database()).overrides(id);
        QCOMPARE(stored.size(), 1);
        QCOMPARE(stored[0].reviewer, QStringLiteral("rev"));
        QCOMPARE(stored[0].verdict, verify::Verdict::Fail);
        QCOMPARE(stored[0].translation, output);
        const QString setAt = stored[0].createdAt;
        QCOMPARE(model->index(1, column).data().toString(), QStringLiteral("fail (human)"));
        QVERIFY(model->index(1, column).data(VerdictMatrixModel::HumanOverrideRole).toBool());
        QVERIFY2(editor->gate().holds(), qPrintable(child<QLabel>(editor, "gateLabel")->text()));  // A fails now: counted
        QCOMPARE(view->currentIndex(), model->index(1, column));  // the selection survives the refresh
        QVERIFY(detail->toPlainText().contains(QStringLiteral("Set by hand: fail by rev")));
        QVERIFY(detail->toPlainText().contains(QStringLiteral("Reason: Die Hund: wrong article")));
        QVERIFY(remove->isEnabled());
        testing::saveScreenshot(pane->parentWidget(), QStringLiteral("contribute-verdict-override.png"));

        // Undo (Ctrl+Z in the matrix) and redo (Ctrl+Shift+Z) keep reviewer and time.
        view->setFocus();
        QTest::keyClick(view, Qt::Key_Z, Qt::ControlModifier);
        QVERIFY(verify::VerdictOverrideStore(project->database()).overrides(id).isEmpty());
        QVERIFY(!model->index(1, column).data(VerdictMatrixModel::HumanOverrideRole).toBool());
        QVERIFY(!editor->gate().holds());
        QTest::keyClick(view, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        stored = verify::VerdictOverrideStore(project->database()).overrides(id);
        QCOMPARE(stored.size(), 1);
        QCOMPARE(stored[0].createdAt, setAt);
        QCOMPARE(stored[0].reviewer, QStringLiteral("rev"));
        // Remove, then the Undo button brings it back.
        QTest::mouseClick(remove, Qt::LeftButton);
        QVERIFY(verify::VerdictOverrideStore(project->database()).overrides(id).isEmpty());
        QCOMPARE(model->index(1, column).data().toString(), QStringLiteral("fail / pass — disagree"));
        QVERIFY(undo->isEnabled());
        QTest::mouseClick(undo, Qt::LeftButton);
        QCOMPARE(verify::VerdictOverrideStore(project->database()).overrides(id).size(), 1);

        // The Review tab: the same detail, and the kappa table. Items (rule 1 on reference, A):
        // v1 P F; v2 P P; human - F.  v1 vs v2: a=1, c=1, n=2: p_o = 1/2, p1 = 1/2, p2 = 1,
        // p_e = 1/2*1 + 1/2*0 = 1/2, kappa = 0.  v1 vs human: d=1 only: p_e = 1, undefined.
        // v2 vs human: b=1 only: p1 = 1, p2 = 0, p_e = 0, p_o = 0, kappa = 0.
        QCOMPARE(editor->submit(), QString());
        ReviewPanel *review = workspace.review();
        workspace.tabs()->setCurrentWidget(review);
        QVERIFY(review->selectExample(id));
        auto *reviewView = child<QTableView>(review, "reviewMatrixView");
        clickCell(reviewView, 1, column);
        QVERIFY(child<QTextBrowser>(review, "verdictDetailText")->toPlainText().contains(QStringLiteral("Set by hand: fail by rev")));
        auto *tabs = child<QTabWidget>(review, "reviewVerdictTabs");
        auto *table = child<QTableWidget>(review, "verifierStatsTable");
        QVERIFY(tabs && table);
        tabs->setCurrentIndex(1);
        QCOMPARE(table->rowCount(), 3);
        auto row = [table](int r) {
            QStringList cells;
            for (int c = 0; c < table->columnCount(); ++c)
                cells << table->item(r, c)->text();
            return cells.join(u'|');
        };
        QCOMPARE(row(0), QStringLiteral("v1|human (set by hand)|1|1|0|0|0|1|n/a (no variation)"));
        QCOMPARE(row(1), QStringLiteral("v1|v2|2|1|1|0|1|0|0.000"));
        QCOMPARE(row(2), QStringLiteral("v2|human (set by hand)|1|0|0|1|0|0|0.000"));
        testing::saveScreenshot(review, QStringLiteral("review-verifier-kappa.png"));
    }

    void askAgain_reverifiesTheSelectedCellOnly()
    {
        // Issue 19, item 2 in the GUI: the stored "PASS" is asked again, the server now says fail.
        gauntlet::testing::FakeChatServer server;
        server.responder = [](const gauntlet::testing::ReceivedRequest &) {
            return gauntlet::testing::ScriptedReply{200, gauntlet::testing::chatBody(QStringLiteral("FAIL\n\nAsked again.")), 0, false, false};
        };
        auto project = storage::Project::open(m_dir.filePath(QStringLiteral("again.gauntlet")), storage::Project::Options{false});
        verify::ExampleStore store(project->database());
        verify::VerifierConfig v = testing::makeVerifier(QStringLiteral("judge"), server.baseUrl(), QStringLiteral("j"));
        store.saveVerifier(v);
        verify::ChallengeExample e = testing::makeExample(QStringLiteral("English"), QStringLiteral("German"), QStringLiteral("The dog barks."), QStringLiteral("Der Hund bellt."));
        const qint64 id = store.addExample(e);
        verify::VerificationRule rule = testing::makeRule(QStringLiteral("Hund takes der."));
        store.setRules(id, {rule});
        store.setTranslation(id, QStringLiteral("A"), QStringLiteral("manual"), QStringLiteral("Die Hund bellt."));
        verify::VerdictCache cache;
        cache.insert(rule, QStringLiteral("judge"), e.reference, verify::VerdictRecord{verify::Verdict::Pass, QStringLiteral("PASS"), {}, {}});
        cache.insert(rule, QStringLiteral("judge"), QStringLiteral("Die Hund bellt."), verify::VerdictRecord{verify::Verdict::Pass, QStringLiteral("PASS"), {}, {}});
        store.saveVerdicts(id, cache);

        ContributeWorkspace workspace;
        workspace.setProject(project.get());
        workspace.show();
        ContributePage *editor = child<ContributePage>(&workspace, "contributePage");
        editor->openExample(id);
        auto *view = child<QTableView>(editor, "verdictMatrixView");
        auto *pane = child<QWidget>(editor, "verdictDetailPane");
        auto *again = child<QPushButton>(pane, "verdictAskAgainButton");
        QVERIFY(view && pane && again);
        QVERIFY(!again->isEnabled());  // nothing selected
        clickCell(view, 1, VerdictMatrixModel::FirstRuleColumn);
        QVERIFY(again->isEnabled());
        QSignalSpy finished(pane, SIGNAL(askAgainFinished()));
        QTest::mouseClick(again, Qt::LeftButton);
        QVERIFY(finished.count() == 1 || finished.wait(10000));
        QCOMPARE(server.received.size(), 1);  // the selected cell only, not the reference
        const verify::VerdictMatrix &m = matrixOf(editor)->matrix();
        QCOMPARE(m.rows[1].cells[0].verdict, verify::Verdict::Fail);
        QCOMPARE(m.rows[0].cells[0].verdict, verify::Verdict::Pass);
        QVERIFY(child<QTextBrowser>(pane, "verdictDetailText")->toPlainText().contains(QStringLiteral("Asked again.")));
    }

    void review_showsRuleFormEvidenceNextToTheRule()
    {
        const QString path = m_dir.filePath(QStringLiteral("evidence.gauntlet"));
        auto cli = [&](const QStringList &args) { return gauntlet::testing::runCliOn(path, args); };
        QCOMPARE(cli({QStringLiteral("examples"), QStringLiteral("add"), QStringLiteral("--source-lang"), QStringLiteral("English"),
                      QStringLiteral("--target-lang"), QStringLiteral("Spanish"), QStringLiteral("--text"), QStringLiteral("We sat on the bank."),
                      QStringLiteral("--reference"), QStringLiteral("Nos sentamos en la orilla.")}).code, 0);
        QCOMPARE(cli({QStringLiteral("examples"), QStringLiteral("rule"), QStringLiteral("1"), QStringLiteral("Bank is the river bank (orilla).")}).code, 0);
        QCOMPARE(cli({QStringLiteral("examples"), QStringLiteral("rule"), QStringLiteral("1"), QStringLiteral("The verb is in the past.")}).code, 0);
        QCOMPARE(cli({QStringLiteral("examples"), QStringLiteral("output"), QStringLiteral("1"), QStringLiteral("A"), QStringLiteral("Nos sentamos en el banco.")}).code, 0);
        const auto created = cli({QStringLiteral("campaigns"), QStringLiteral("create"), QStringLiteral("pilot"), QStringLiteral("--protocol"),
                                  QStringLiteral("rule_form"), QStringLiteral("--redundancy"), QStringLiteral("2")});
        QVERIFY2(created.code == 0, qPrintable(created.err));
        QCOMPARE(cli({QStringLiteral("campaigns"), QStringLiteral("assign"), QStringLiteral("pilot"), QStringLiteral("--annotators"),
                      QStringLiteral("ann1,ann2")}).code, 0);
        auto project = storage::Project::open(path);
        {
            evaluate::CampaignStore campaigns(project->database());
            const qint64 id = *campaigns.campaignId(QStringLiteral("pilot"));
            // ann1: rule 1 realistic, rule 2 too strict, an incorrect translation could pass;
            // ann2: rule 1 realistic, rule 2 not sure, it could not.
            evaluate::Answer first;
            first.rules = {evaluate::RuleVerdict::Realistic, evaluate::RuleVerdict::TooStrict};
            first.incorrectCouldPass = true;
            campaigns.saveAnswer(id, QStringLiteral("ann1"), QStringLiteral("example:1"), first);
            evaluate::Answer second;
            second.rules = {evaluate::RuleVerdict::Realistic, evaluate::RuleVerdict::NotSure};
            second.incorrectCouldPass = false;
            campaigns.saveAnswer(id, QStringLiteral("ann2"), QStringLiteral("example:1"), second);
        }
        ContributeWorkspace workspace;
        workspace.setProject(project.get());
        workspace.show();
        ReviewPanel *review = workspace.review();
        workspace.tabs()->setCurrentWidget(review);
        auto *filter = child<QComboBox>(review, "reviewFilter");
        QVERIFY(filter);
        filter->setFocus();
        QTest::keyClick(filter, Qt::Key_End);  // "All examples": this one is a draft
        QCOMPARE(filter->currentText(), QStringLiteral("All examples"));
        QVERIFY(review->selectExample(1));
        const QString details = review->details()->toPlainText();
        // Each rule's evidence right under it, in rule order.
        const auto at = [&](const char *text) { return details.indexOf(QLatin1String(text)); };
        QVERIFY2(at("Bank is the river bank (orilla).") >= 0 && at("Bank is the river bank (orilla).") < at("Rule form: 2 realistic, 0 too strict, 0 not sure"),
                 qPrintable(details));
        QVERIFY(at("Rule form: 2 realistic, 0 too strict, 0 not sure") < at("The verb is in the past."));
        QVERIFY(at("The verb is in the past.") < at("Rule form: 0 realistic, 1 too strict, 1 not sure"));
        QVERIFY2(details.contains(QStringLiteral("could an incorrect translation pass all rules? 1 yes, 1 no (campaigns: pilot)")),
                 qPrintable(details));
    }
};

GAUNTLET_GUI_TEST_MAIN(TestVerdictDetail)
#include "tst_verdict_detail.moc"
