// The Contribute workspace end to end, offscreen: an example from a real shared seed sentence,
// translated by the three installed Apertium pairs (outputs compared with the `apertium`
// command), string rules typed into the rules table, the reference, the live gate enabling
// Submit, review and acceptance, and LTB export; autosave and refusal of over-long input.
// With GAUNTLET_SCREENSHOT_DIR set, saves screenshots of the editor and the review queue.
#include "app/workspaces/contribute_workspace.h"
#include "app/workspaces/contribute_page.h"
#include "app/workspaces/outputs_panel.h"
#include "app/workspaces/rules_editor.h"
#include "app/workspaces/review_panel.h"
#include "app/workspaces/systems_dialog.h"
#include "engine/verify/example_store.h"
#include "engine/store/project.h"
#include "models/example_list_model.h"
#include "models/verdict_matrix_model.h"
#include "tests/support/fake_chat_server.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QDialogButtonBox>
#include <QAbstractSpinBox>
#include <QComboBox>
#include <QTableView>
#include <QCompleter>
#include <QListWidget>
#include <QMenu>
#include <QToolButton>
#include <QDialog>
#include <QMessageBox>
#include <QTimer>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTextBrowser>
#include <QTemporaryDir>
#include "tests/support/apertium_reference.h"
#include "tests/support/example_builder.h"
#include "tests/support/show_widget.h"
#include "tests/support/screenshots.h"
#include "tests/support/mt_system_builder.h"
#include "tests/support/test_main.h"
#include <QtTest>

using namespace gauntlet;
using gauntlet::testing::apertiumCommandOutput;
using gauntlet::testing::sharedSeed;

namespace {

/// The widget named `name` under `parent`; a missing one ends the test with its name.
template <typename T>
T *find(QObject *parent, const char *name)
{
    T *w = parent->findChild<T *>(QLatin1String(name));
    if (!w)
        qFatal("no %s named %s", T::staticMetaObject.className(), name);
    return w;
}

VerdictMatrixModel *matrixOf(QWidget *page)
{
    return qobject_cast<VerdictMatrixModel *>(find<QTableView>(page, "verdictMatrixView")->model());
}

}  // namespace

class TestContributeWorkspace : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void endToEnd_seedToAcceptedExport()
    {
        auto project = storage::Project::open(m_dir.filePath(QStringLiteral("gui.gauntlet")), storage::Project::Options{false});
        {
            verify::ExampleStore store(project->database());
            for (const QString &pair : {QStringLiteral("eng-spa"), QStringLiteral("eng-cat"), QStringLiteral("en-gl")}) {
                translate::MtSystemConfig s = testing::apertiumSystem(QStringLiteral("Apertium ") + pair, pair);
                store.saveMtSystem(s);
            }
        }
        const QString seed = sharedSeed(QStringLiteral("Ring also settled a lawsuit"));
        QVERIFY(!seed.isEmpty());

        ContributeWorkspace workspace;
        workspace.resize(1280, 900);
        workspace.setProject(project.get());
        QVERIFY(testing::showExposed(workspace));
        workspace.profileEdit()->setText(QStringLiteral("ana"));
        ContributePage *editor = find<ContributePage>(&workspace, "contributePage");
        QVERIFY(!find<QPushButton>(editor, "submitButton")->isEnabled());

        QTest::keyClicks(find<QLineEdit>(editor, "sourceLanguageEdit"), QStringLiteral("English"));
        QTest::keyClicks(find<QLineEdit>(editor, "sourceIsoEdit"), QStringLiteral("en"));
        QTest::keyClicks(find<QLineEdit>(editor, "targetLanguageEdit"), QStringLiteral("Spanish"));
        QTest::keyClicks(find<QLineEdit>(editor, "targetIsoEdit"), QStringLiteral("es"));
        find<QPlainTextEdit>(editor, "sourceTextEdit")->setPlainText(seed);
        QTest::keyClicks(find<QLineEdit>(editor, "attributionEdit"), QStringLiteral("FLORES-200 devtest, CC BY-SA 4.0"));
        // LTB's taxonomy tags are offered for the tag being typed.
        QTest::keyClicks(find<QLineEdit>(editor, "linguisticsEdit"), QStringLiteral("named entity, polys"));
        auto *completer = editor->findChild<QCompleter *>(QStringLiteral("linguisticsCompleter"));
        QVERIFY(completer);
        QCOMPARE(completer->currentCompletion(), QStringLiteral("polysemy"));
        Q_EMIT completer->activated(completer->currentCompletion());
        QCOMPARE(find<QLineEdit>(editor, "linguisticsEdit")->text(), QStringLiteral("named entity, polysemy"));
        const QString reference = QStringLiteral("Ring también llegó a un acuerdo en una demanda con la empresa de seguridad "
                                                 "competidora ADT Corporation.");
        find<QPlainTextEdit>(editor, "referenceEdit")->setPlainText(reference);
        // Autosave creates the draft.
        QTRY_VERIFY_WITH_TIMEOUT(editor->currentExampleId() != 0, 5000);
        QVERIFY(!editor->hasUnsavedChanges());
        const qint64 id = editor->currentExampleId();

        QSignalSpy translated(find<OutputsPanel>(editor, "outputsPanel"), &OutputsPanel::translationFinished);
        QVERIFY(find<QPushButton>(editor, "translateButton")->isEnabled());
        QTest::mouseClick(find<QPushButton>(editor, "translateButton"), Qt::LeftButton);
        QVERIFY(translated.wait(120000));
        const verify::VerdictMatrix &matrix = matrixOf(editor)->matrix();
        QCOMPARE(matrix.rows.size(), 4);
        QVERIFY(matrix.rows[0].isReference);
        QCOMPARE(matrix.rows[0].translation, reference);
        for (int row = 1; row < 4; ++row) {
            const QString pair = matrix.rows[row].label.section(u' ', 1);
            QCOMPARE(matrix.rows[row].translation, apertiumCommandOutput(pair, seed));
        }

        find<RulesEditor>(editor, "rulesEditor")->addRule(QStringLiteral("contains"), QStringLiteral("Ring"), true);
        find<RulesEditor>(editor, "rulesEditor")->addRule(QStringLiteral("contains"), QStringLiteral("ADT"));
        QTRY_VERIFY_WITH_TIMEOUT(!editor->hasUnsavedChanges(), 5000);
        // String rules are checked as they are saved: the gate is live.
        QTRY_VERIFY_WITH_TIMEOUT(editor->gate().holds(), 5000);
        QVERIFY(find<QPushButton>(editor, "submitButton")->isEnabled());
        QVERIFY(find<QLabel>(editor, "gateLabel")->text().contains(QStringLiteral("The gate holds")));
        QVERIFY(find<QLabel>(editor, "gateLabel")->text().contains(QStringLiteral("Rule 2 tests nothing")));
        QCOMPARE(matrixOf(editor)->headerData(VerdictMatrixModel::FirstRuleColumn + 1, Qt::Horizontal).toString(),
                 QStringLiteral("Rule 2 (tests nothing)"));
        // Rows are in a stable order (by system name), whatever order the systems finished in.
        QCOMPARE(matrix.rows[1].label, QStringLiteral("Apertium en-gl"));
        QCOMPARE(matrix.rows[3].label, QStringLiteral("Apertium eng-spa"));
        QCOMPARE(matrixOf(editor)->index(3, VerdictMatrixModel::FirstRuleColumn).data().toString(), QStringLiteral("fail"));
        testing::saveScreenshot(&workspace, QStringLiteral("contribute-editor.png"));
        testing::saveScreenshot(find<RulesEditor>(editor, "rulesEditor"), QStringLiteral("contribute-rules.png"));

        // Changing the source makes the outputs stale: Submit waits until it is translated again
        // (or, here, until the edit is undone).
        find<QPlainTextEdit>(editor, "sourceTextEdit")->moveCursor(QTextCursor::End);
        QTest::keyClicks(find<QPlainTextEdit>(editor, "sourceTextEdit"), QStringLiteral(" Really."));
        QTRY_VERIFY_WITH_TIMEOUT(!editor->hasUnsavedChanges(), 5000);
        QVERIFY(!find<QPushButton>(editor, "submitButton")->isEnabled());
        QVERIFY(find<QLabel>(editor, "gateLabel")->text().contains(QStringLiteral("source text changed")));
        for (int i = 0; i < 20 && find<QPlainTextEdit>(editor, "sourceTextEdit")->toPlainText() != seed; ++i)
            find<QPlainTextEdit>(editor, "sourceTextEdit")->undo();  // Ctrl+Z
        QCOMPARE(find<QPlainTextEdit>(editor, "sourceTextEdit")->toPlainText(), seed);
        QTRY_VERIFY_WITH_TIMEOUT(!editor->hasUnsavedChanges(), 5000);
        QTRY_VERIFY_WITH_TIMEOUT(find<QPushButton>(editor, "submitButton")->isEnabled(), 5000);

        QTest::mouseClick(find<QPushButton>(editor, "submitButton"), Qt::LeftButton);
        verify::ExampleStore store(project->database());
        QCOMPARE(store.example(id)->status, verify::ExampleStatus::Submitted);
        QVERIFY(find<QPlainTextEdit>(editor, "sourceTextEdit")->isReadOnly());
        QVERIFY(!find<QPushButton>(editor, "submitButton")->isEnabled());

        workspace.tabs()->setCurrentWidget(workspace.review());
        ReviewPanel *review = workspace.review();
        QCOMPARE(review->queueModel()->rowCount(), 1);
        QVERIFY(review->selectExample(id));
        QVERIFY(review->details()->toPlainText().contains(seed));
        QVERIFY(review->details()->toPlainText().contains(QStringLiteral("Ring")));
        QVERIFY(review->acceptButton()->isEnabled());
        testing::saveScreenshot(&workspace, QStringLiteral("review-queue.png"));
        workspace.profileEdit()->setText(QStringLiteral("rev"));
        review->commentEdit()->setPlainText(QStringLiteral("A genuine failure on a brand name."));
        QTest::mouseClick(review->acceptButton(), Qt::LeftButton);
        QCOMPARE(store.example(id)->status, verify::ExampleStatus::Accepted);
        const QVector<verify::ExampleEvent> history = store.history(id);
        QCOMPARE(history.last().author, QStringLiteral("rev"));
        QCOMPARE(history.last().comment, QStringLiteral("A genuine failure on a brand name."));
        QCOMPARE(history[1].author, QStringLiteral("ana"));
        QVERIFY2(review->contributorsLabel()->text().contains(QStringLiteral("ana: 1")), qPrintable(review->contributorsLabel()->text()));

        const QString path = m_dir.filePath(QStringLiteral("accepted.json"));
        QCOMPARE(review->exportAccepted(path), QString());
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonArray release = QJsonDocument::fromJson(file.readAll()).array();
        QCOMPARE(release.size(), 1);
        const QJsonObject o = release[0].toObject();
        QCOMPARE(o.value(QStringLiteral("source_text")).toString(), seed);
        QCOMPARE(o.value(QStringLiteral("translations")).toArray().size(), 4);
        QCOMPARE(o.value(QStringLiteral("translations")).toArray()[0].toObject().value(QStringLiteral("verified")).toArray(),
                 (QJsonArray{true, true}));
    }

    void chatCancelAndTwoLlmVerifiers()
    {
        using gauntlet::testing::chatBody;
        using gauntlet::testing::ReceivedRequest;
        using gauntlet::testing::ScriptedReply;
        gauntlet::testing::FakeChatServer server;
        // Translation requests never get an answer (until cancelled); verifier v1 passes
        // everything, v2 fails translations that use "Die Hund".
        server.responder = [](const ReceivedRequest &request) {
            const QString model = gauntlet::testing::modelOf(request);
            const QString prompt = gauntlet::testing::promptOf(request);
            if (model == QLatin1String("translator"))
                return ScriptedReply{200, {}, 0, true, false};
            const bool wrong = prompt.contains(QStringLiteral("Translation to verify: Die Hund"));
            return ScriptedReply{200, chatBody(model == QLatin1String("v2") && wrong ? QStringLiteral("FAIL") : QStringLiteral("Pass.")), 0, false, false};
        };
        auto project = storage::Project::open(m_dir.filePath(QStringLiteral("llm.gauntlet")), storage::Project::Options{false});
        verify::ExampleStore store(project->database());
        translate::MtSystemConfig slow = testing::chatSystem(QStringLiteral("slow llm"), server.baseUrl(), QStringLiteral("translator"));
        store.saveMtSystem(slow);
        testing::saveVerifiers(store, server.baseUrl(), {QStringLiteral("v1"), QStringLiteral("v2")});

        ContributeWorkspace workspace;
        workspace.setProject(project.get());
        QVERIFY(testing::showActive(workspace));
        ContributePage *editor = find<ContributePage>(&workspace, "contributePage");
        QTest::keyClicks(find<QLineEdit>(editor, "sourceLanguageEdit"), QStringLiteral("English"));
        QTest::keyClicks(find<QLineEdit>(editor, "targetLanguageEdit"), QStringLiteral("German"));
        find<QPlainTextEdit>(editor, "sourceTextEdit")->setPlainText(QStringLiteral("The dog barks."));
        find<QPlainTextEdit>(editor, "referenceEdit")->setPlainText(QStringLiteral("Der Hund bellt."));
        find<RulesEditor>(editor, "rulesEditor")->addRule(QStringLiteral("llm"), QStringLiteral("Hund takes the masculine article der."));
        QTRY_VERIFY_WITH_TIMEOUT(editor->currentExampleId() != 0 && !editor->hasUnsavedChanges(), 5000);
        const qint64 id = editor->currentExampleId();

        QSignalSpy translated(find<OutputsPanel>(editor, "outputsPanel"), &OutputsPanel::translationFinished);
        QTest::mouseClick(find<QPushButton>(editor, "translateButton"), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(server.received.size(), 1, 5000);
        QVERIFY(!find<QPushButton>(editor, "translateButton")->isEnabled());
        QElapsedTimer clock;
        clock.start();
        find<QPlainTextEdit>(editor, "sourceTextEdit")->setFocus();
        QTest::keyClick(find<QPlainTextEdit>(editor, "sourceTextEdit"), Qt::Key_Escape);  // Esc cancels
        QVERIFY(translated.count() == 1 || translated.wait(5000));
        QVERIFY(clock.elapsed() < 5000);
        QVERIFY2(find<QLabel>(editor, "contributeStatusLabel")->text().contains(QStringLiteral("cancelled")), qPrintable(find<QLabel>(editor, "contributeStatusLabel")->text()));
        QVERIFY(find<QPushButton>(editor, "translateButton")->isEnabled());

        store.setTranslation(id, QStringLiteral("pasted"), QStringLiteral("manual"), QStringLiteral("Die Hund bellt."));
        QSignalSpy verified(find<OutputsPanel>(editor, "outputsPanel"), &OutputsPanel::verificationFinished);
        QTest::mouseClick(find<QPushButton>(editor, "verifyButton"), Qt::LeftButton);
        QVERIFY(verified.wait(10000));
        const verify::VerdictMatrix &m = matrixOf(editor)->matrix();
        QCOMPARE(m.rows.size(), 2);
        QCOMPARE(m.rows[0].cells[0].verdict, verify::Verdict::Pass);
        // v1 passes, v2 fails the pasted output: the combined verdict is unknown and agreement shows it.
        QCOMPARE(m.rows[1].cells[0].perVerifier, (QVector<verify::Verdict>{verify::Verdict::Pass, verify::Verdict::Fail}));
        QCOMPARE(m.rows[1].cells[0].verdict, verify::Verdict::Unknown);
        QVERIFY2(find<QLabel>(editor, "gateLabel")->text().contains(QStringLiteral("Verifiers agree on 1 of 2 pairs")), qPrintable(find<QLabel>(editor, "gateLabel")->text()));
        QVERIFY(m.rows[1].cells[0].detail.contains(QStringLiteral("v2: FAIL")));
        const int requests = server.received.size();
        QTest::mouseClick(find<QPushButton>(editor, "verifyButton"), Qt::LeftButton);
        QVERIFY(verified.wait(10000));
        QCOMPARE(server.received.size(), requests);  // every verdict reused
    }

    void profile_followsGauntletProfileAsTheCommandLineDoes()
    {
        // Issue 19: the GUI's Profile field took $USER while the CLI honoured $GAUNTLET_PROFILE.
        qputenv("GAUNTLET_PROFILE", "lena");
        {
            ContributeWorkspace workspace;
            QCOMPARE(workspace.profileEdit()->text(), QStringLiteral("lena"));
        }
        qunsetenv("GAUNTLET_PROFILE");
        ContributeWorkspace workspace;
        QCOMPARE(workspace.profileEdit()->text(), qEnvironmentVariable("USER"));
    }

    void review_returnNeedsCommentAndReopensForEditing()
    {
        auto project = storage::Project::open(m_dir.filePath(QStringLiteral("return.gauntlet")), storage::Project::Options{false});
        verify::ExampleStore store(project->database());
        verify::ChallengeExample e = testing::makeExample(QStringLiteral("English"), QStringLiteral("Spanish"), QStringLiteral("We sat on the bank."), QStringLiteral("Nos sentamos en la orilla."));
        e.author = QStringLiteral("ana");
        const qint64 id = store.addExample(e);
        verify::VerificationRule rule = testing::makeRule(QStringLiteral("orilla"), verify::VerificationRule::Kind::Contains);
        store.setRules(id, {rule});
        store.setTranslation(id, QStringLiteral("A"), QStringLiteral("manual"), QStringLiteral("Nos sentamos en el banco."));

        ContributeWorkspace workspace;
        workspace.setProject(project.get());
        workspace.show();
        ContributePage *editor = find<ContributePage>(&workspace, "contributePage");
        editor->openExample(id);  // checks the string rule locally: the gate holds
        QVERIFY2(editor->gate().holds(), qPrintable(find<QLabel>(editor, "gateLabel")->text()));
        QCOMPARE(editor->submit(), QString());

        ReviewPanel *review = workspace.review();
        workspace.tabs()->setCurrentWidget(review);
        QVERIFY(review->selectExample(id));
        QVERIFY(!review->returnToContributor().isEmpty());  // a return needs a comment
        QCOMPARE(store.example(id)->status, verify::ExampleStatus::Submitted);
        review->commentEdit()->setPlainText(QStringLiteral("Add a rule about the tense."));
        QCOMPARE(review->returnToContributor(), QString());
        QCOMPARE(store.example(id)->status, verify::ExampleStatus::Returned);
        QVERIFY(review->details()->toPlainText().contains(QStringLiteral("Add a rule about the tense.")));

        // The contributor's editor follows: the returned example is editable again.
        QVERIFY(!find<QPlainTextEdit>(editor, "sourceTextEdit")->isReadOnly());
        QVERIFY(find<QPushButton>(editor, "submitButton")->isEnabled());
        // ... and its status line says who returned it and why (it still said "submitted for review").
        const QString line = find<QLabel>(editor, "contributeStatusLabel")->text();
        QVERIFY2(line.contains(QStringLiteral("Add a rule about the tense.")) && !line.contains(QStringLiteral("submitted")), qPrintable(line));
        editor->newExample();
        editor->openExample(id);
        QVERIFY2(find<QLabel>(editor, "contributeStatusLabel")->text().contains(QStringLiteral("Add a rule about the tense.")),
                 qPrintable(find<QLabel>(editor, "contributeStatusLabel")->text()));
    }

    void overlongSource_notSavedAndExplained()
    {
        auto project = storage::Project::open(m_dir.filePath(QStringLiteral("long.gauntlet")), storage::Project::Options{false});
        ContributeWorkspace workspace;
        workspace.setProject(project.get());
        ContributePage *editor = find<ContributePage>(&workspace, "contributePage");
        QTest::keyClicks(find<QLineEdit>(editor, "sourceLanguageEdit"), QStringLiteral("English"));
        QTest::keyClicks(find<QLineEdit>(editor, "targetLanguageEdit"), QStringLiteral("German"));
        find<QPlainTextEdit>(editor, "sourceTextEdit")->setPlainText(QStringLiteral("A short sentence."));
        QTRY_VERIFY_WITH_TIMEOUT(editor->currentExampleId() != 0, 5000);
        const qint64 id = editor->currentExampleId();
        find<QPlainTextEdit>(editor, "sourceTextEdit")->setPlainText(QString(5001, u'a'));
        QVERIFY(!editor->saveNow());
        QVERIFY2(find<QLabel>(editor, "contributeStatusLabel")->text().contains(QStringLiteral("5001 characters")), qPrintable(find<QLabel>(editor, "contributeStatusLabel")->text()));
        QVERIFY(editor->hasUnsavedChanges());
        // Translate cannot run on an unsaved example: it says so instead of doing nothing (issue 32).
        QTest::mouseClick(find<QPushButton>(editor, "translateButton"), Qt::LeftButton);
        QVERIFY2(find<QLabel>(editor, "contributeStatusLabel")->text().startsWith(QStringLiteral("Nothing was sent: Not saved")),
                 qPrintable(find<QLabel>(editor, "contributeStatusLabel")->text()));
        verify::ExampleStore store(project->database());
        QCOMPARE(store.example(id)->sourceText, QStringLiteral("A short sentence."));
        // Fixing the text saves it.
        find<QPlainTextEdit>(editor, "sourceTextEdit")->setPlainText(QStringLiteral("A fixed sentence."));
        QVERIFY(editor->saveNow());
        QCOMPARE(store.example(id)->sourceText, QStringLiteral("A fixed sentence."));
        QCOMPARE(store.examples().size(), 1);

        // An invalid regular expression is marked in the rules table and not saved.
        find<RulesEditor>(editor, "rulesEditor")->addRule(QStringLiteral("regex"), QStringLiteral("(unclosed"));
        QVERIFY(!editor->saveNow());
        QVERIFY2(find<QLabel>(editor, "contributeStatusLabel")->text().contains(QStringLiteral("Rule 1")), qPrintable(find<QLabel>(editor, "contributeStatusLabel")->text()));
        auto *rulesTable = find<QTableView>(editor, "rulesTable");
        const QModelIndex cell = rulesTable->model()->index(0, 1);
        QVERIFY(cell.data(Qt::ToolTipRole).toString().contains(QStringLiteral("regular expression")));
        QCOMPARE(cell.data(Qt::BackgroundRole).value<QBrush>().color(), QColor(0xff, 0xcd, 0xd2));
        QCOMPARE(store.rules(id).size(), 0);
        // Type the fix into the cell's editor.
        rulesTable->setCurrentIndex(cell);
        rulesTable->edit(cell);
        auto *cellEditor = rulesTable->viewport()->findChild<QLineEdit *>();
        QVERIFY(cellEditor);
        cellEditor->selectAll();
        QTest::keyClicks(cellEditor, QStringLiteral("(closed)"));
        // (the delegate commits on Return through a queued call)
        QTest::keyClick(cellEditor, Qt::Key_Return);
        QTRY_COMPARE(cell.data(Qt::EditRole).toString(), QStringLiteral("(closed)"));
        QVERIFY(editor->saveNow());
        QCOMPARE(store.rules(id).size(), 1);
        QCOMPARE(cell.data(Qt::BackgroundRole).value<QBrush>().style(), Qt::NoBrush);

        // Removing a rule can be undone; it comes back in its place.
        find<RulesEditor>(editor, "rulesEditor")->addRule(QStringLiteral("not_contains"), QStringLiteral("banco"), true);
        find<RulesEditor>(editor, "rulesEditor")->addRule(QStringLiteral("llm"), QStringLiteral("Keeps the tense."));
        QVERIFY(editor->saveNow());
        QCOMPARE(store.rules(id).size(), 3);
        rulesTable->setCurrentIndex(rulesTable->model()->index(1, 1));
        find<RulesEditor>(editor, "rulesEditor")->removeSelectedRule();
        QVERIFY(editor->saveNow());
        QCOMPARE(store.rules(id).size(), 2);
        find<RulesEditor>(editor, "rulesEditor")->undoRemoveRule();
        QVERIFY(editor->saveNow());
        const QVector<verify::StoredRule> back = store.rules(id);
        QCOMPARE(back.size(), 3);
        QCOMPARE(back[1].rule.text, QStringLiteral("banco"));
        QCOMPARE(back[1].rule.kind, verify::VerificationRule::Kind::NotContains);
        QVERIFY(back[1].rule.caseSensitive);
        QCOMPARE(back[2].rule.text, QStringLiteral("Keeps the tense."));

        // Keyboard: Delete in the rules table removes the current rule, Ctrl+Z brings it back in place.
        workspace.show();
        QVERIFY(QTest::qWaitForWindowActive(&workspace));
        rulesTable->setFocus();
        rulesTable->setCurrentIndex(rulesTable->model()->index(0, 1));
        QTest::keyClick(rulesTable, Qt::Key_Delete);
        QCOMPARE(rulesTable->model()->rowCount(), 2);
        QCOMPARE(rulesTable->model()->index(0, 1).data().toString(), QStringLiteral("banco"));
        QTest::keyClick(rulesTable, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(rulesTable->model()->rowCount(), 3);
        QCOMPARE(rulesTable->model()->index(0, 1).data().toString(), QStringLiteral("(closed)"));
        // The kind column's combo box: the natural-language rule becomes a "contains" rule, and its
        // match-case cell becomes editable.
        const QModelIndex kind = rulesTable->model()->index(2, 0);
        QVERIFY(!(rulesTable->model()->index(2, 2).flags() & Qt::ItemIsEnabled));
        rulesTable->setCurrentIndex(kind);
        rulesTable->edit(kind);
        auto *kindBox = rulesTable->viewport()->findChild<QComboBox *>();
        QVERIFY(kindBox);
        QCOMPARE(kindBox->currentText(), QStringLiteral("Natural language (LLM)"));
        QTest::keyClick(kindBox, Qt::Key_Down);
        QCOMPARE(kind.data(Qt::DisplayRole).toString(), QStringLiteral("Contains"));
        QVERIFY(rulesTable->model()->index(2, 2).flags() & Qt::ItemIsEnabled);
        QVERIFY(editor->saveNow());
        QCOMPARE(store.rules(id)[2].rule.kind, verify::VerificationRule::Kind::Contains);
        QCOMPARE(store.rules(id)[2].rule.text, QStringLiteral("Keeps the tense."));
    }

    void fromSeed_dialogStartsExampleWithSeedText()
    {
        // A new project holds the bundled FLORES-200 devtest seeds.
        auto project = storage::Project::open(m_dir.filePath(QStringLiteral("seeds.gauntlet")));
        ContributeWorkspace workspace;
        workspace.setProject(project.get());
        workspace.show();
        ContributePage *editor = find<ContributePage>(&workspace, "contributePage");
        auto *fromSeed = find<QPushButton>(editor, "fromSeedButton");
        QTimer::singleShot(100, [] {
            auto *dialog = qobject_cast<QDialog *>(QApplication::activeModalWidget());
            QVERIFY(dialog);
            QTest::keyClicks(dialog->findChild<QLineEdit *>(), QStringLiteral("Ring also settled"));
            auto *list = dialog->findChild<QListWidget *>();
            int visible = -1, count = 0;
            for (int i = 0; i < list->count(); ++i)
                if (!list->item(i)->isHidden()) {
                    visible = i;
                    ++count;
                }
            QCOMPARE(count, 1);
            list->setCurrentRow(visible);
            dialog->accept();
        });
        QTest::mouseClick(fromSeed, Qt::LeftButton);
        QCOMPARE(find<QPlainTextEdit>(editor, "sourceTextEdit")->toPlainText(), sharedSeed(QStringLiteral("Ring also settled")));
        QVERIFY(editor->hasUnsavedChanges());
        QCOMPARE(editor->currentExampleId(), 0);  // saved once both languages are named
        QTest::keyClicks(find<QLineEdit>(editor, "sourceLanguageEdit"), QStringLiteral("English"));
        QTest::keyClicks(find<QLineEdit>(editor, "targetLanguageEdit"), QStringLiteral("Catalan"));
        QTRY_VERIFY_WITH_TIMEOUT(editor->currentExampleId() != 0, 5000);
    }

    void systemsDialog_addsChatEndpointAndRefusesBadUrl()
    {
        auto project = storage::Project::open(m_dir.filePath(QStringLiteral("dialog.gauntlet")), storage::Project::Options{false});
        SystemsDialog dialog(project.get());
        dialog.show();
        QPushButton *addChat = testing::buttonWithText(dialog, QStringLiteral("Add chat endpoint..."));
        QVERIFY(addChat);
        // Fill the endpoint form: first a bad URL (refused with a message, form stays open), then a good one.
        bool sawError = false;
        QTimer::singleShot(100, [&sawError] {
            auto *form = qobject_cast<QDialog *>(QApplication::activeModalWidget());
            QVERIFY(form);
            const QList<QLineEdit *> edits = form->findChildren<QLineEdit *>();
            QLineEdit *name = nullptr, *url = nullptr, *model = nullptr, *key = nullptr;
            for (QLineEdit *e : edits) {
                if (e->text().startsWith(QStringLiteral("http")))
                    url = e;
                else if (e->placeholderText().contains(QStringLiteral("variable")))
                    key = e;
                else if (!name)
                    name = e;
                else if (!model && !qobject_cast<QAbstractSpinBox *>(e->parentWidget()))
                    model = e;
            }
            QVERIFY(name && url && model && key);
            name->setText(QStringLiteral("local qwen"));
            url->setText(QStringLiteral("ftp://nowhere"));
            model->setText(QStringLiteral("qwen"));
            key->setText(QStringLiteral("LOCAL_LLM_KEY"));
            auto *buttons = form->findChild<QDialogButtonBox *>();
            buttons->button(QDialogButtonBox::Ok)->click();
            QVERIFY(form->isVisible());
            for (QLabel *label : form->findChildren<QLabel *>())
                sawError = sawError || label->text().contains(QStringLiteral("base URL"));
            url->setText(QStringLiteral("http://127.0.0.1:8080/v1"));
            buttons->button(QDialogButtonBox::Ok)->click();
        });
        QTest::mouseClick(addChat, Qt::LeftButton);
        QVERIFY(sawError);
        const auto systems = verify::ExampleStore(project->database()).mtSystems();
        QCOMPARE(systems.size(), 1);
        QCOMPARE(systems[0].name, QStringLiteral("local qwen"));
        QCOMPARE(systems[0].endpoint.baseUrl, QStringLiteral("http://127.0.0.1:8080/v1"));
        QCOMPARE(systems[0].endpoint.apiKeyVariable, QStringLiteral("LOCAL_LLM_KEY"));
        QVERIFY(systems[0].promptTemplate.isEmpty());  // the default LTB prompt, unchanged
    }

    void unsavedWork_askedBeforeDiscarding()
    {
        auto project = storage::Project::open(m_dir.filePath(QStringLiteral("ask.gauntlet")), storage::Project::Options{false});
        ContributeWorkspace workspace;
        workspace.setProject(project.get());
        workspace.show();
        ContributePage *editor = find<ContributePage>(&workspace, "contributePage");
        // Text without languages cannot be saved: closing asks.
        find<QPlainTextEdit>(editor, "sourceTextEdit")->setPlainText(QStringLiteral("Unsaved idea."));
        QVERIFY(editor->hasUnsavedChanges());
        auto answer = [](QMessageBox::StandardButton button) {
            QTimer::singleShot(50, [button] {
                auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
                QVERIFY(box);
                QVERIFY(box->text().contains(QStringLiteral("source language is empty")));
                box->button(button)->click();
            });
        };
        answer(QMessageBox::Cancel);
        QVERIFY(!workspace.confirmClose());
        QCOMPARE(find<QPlainTextEdit>(editor, "sourceTextEdit")->toPlainText(), QStringLiteral("Unsaved idea."));
        answer(QMessageBox::Discard);
        QVERIFY(workspace.confirmClose());
        // Savable work is saved without asking.
        editor->newExample();
        QTest::keyClicks(find<QLineEdit>(editor, "sourceLanguageEdit"), QStringLiteral("English"));
        QTest::keyClicks(find<QLineEdit>(editor, "targetLanguageEdit"), QStringLiteral("French"));
        find<QPlainTextEdit>(editor, "sourceTextEdit")->setPlainText(QStringLiteral("Saved on close."));
        QVERIFY(workspace.confirmClose());
        QCOMPARE(verify::ExampleStore(project->database()).examples().size(), 1);
        QCOMPARE(verify::ExampleStore(project->database()).examples().first().sourceText, QStringLiteral("Saved on close."));
    }

    void verifierChoice_verifyAsksOnlyTheCheckedVerifiers()
    {
        // Like `gauntlet verify --verifier v1`: the Verifiers menu next to Verify unchecks v2.
        gauntlet::testing::FakeChatServer server;
        server.responder = [](const gauntlet::testing::ReceivedRequest &) {
            return gauntlet::testing::ScriptedReply{200, gauntlet::testing::chatBody(QStringLiteral("Pass.")), 0, false, false};
        };
        auto project = storage::Project::open(m_dir.filePath(QStringLiteral("choice.gauntlet")), storage::Project::Options{false});
        verify::ExampleStore store(project->database());
        testing::saveVerifiers(store, server.baseUrl(), {QStringLiteral("v1"), QStringLiteral("v2")});
        verify::ChallengeExample e = testing::makeExample(QStringLiteral("English"), QStringLiteral("German"), QStringLiteral("The dog barks."), QStringLiteral("Der Hund bellt."));
        const qint64 id = store.addExample(e);
        verify::VerificationRule rule = testing::makeRule(QStringLiteral("Hund takes der."));
        store.setRules(id, {rule});

        ContributeWorkspace workspace;
        workspace.setProject(project.get());
        QVERIFY(testing::showExposed(workspace));
        ContributePage *editor = find<ContributePage>(&workspace, "contributePage");
        editor->openExample(id);
        auto *choice = find<QToolButton>(editor, "verifierChoiceButton");
        QMenu *menu = choice->menu();
        QVERIFY(menu);
        auto toggle = [&](const QString &name) {
            menu->popup(choice->mapToGlobal(QPoint(0, choice->height())));
            QTRY_VERIFY(menu->isVisible());
            QAction *action = nullptr;
            for (QAction *a : menu->actions())
                if (a->text() == name)
                    action = a;
            QVERIFY(action && action->isCheckable());
            QTest::mouseClick(menu, Qt::LeftButton, {}, menu->actionGeometry(action).center());
            QTRY_VERIFY(!menu->isVisible());
        };
        auto models = [&] {
            QStringList out;
            for (const auto &r : server.received)
                out << QJsonDocument::fromJson(r.body).object().value(QStringLiteral("model")).toString();
            return out;
        };
        auto *verify = find<QPushButton>(editor, "verifyButton");
        QSignalSpy verified(find<OutputsPanel>(editor, "outputsPanel"), &OutputsPanel::verificationFinished);

        toggle(QStringLiteral("v2"));  // uncheck v2
        QTest::mouseClick(verify, Qt::LeftButton);
        QVERIFY(verified.count() == 1 || verified.wait(10000));
        QCOMPARE(models(), QStringList{QStringLiteral("v1")});  // the reference, asked of v1 only

        toggle(QStringLiteral("v1"));  // uncheck v1 too: nothing to ask, and Verify says so
        QTest::mouseClick(verify, Qt::LeftButton);
        QCOMPARE(verified.count(), 1);  // refused at once
        QCOMPARE(server.received.size(), 1);
        auto *status = find<QLabel>(editor, "contributeStatusLabel");
        QVERIFY2(status->text().contains(QStringLiteral("Choose at least one verifier")), qPrintable(status->text()));

        toggle(QStringLiteral("v1"));
        toggle(QStringLiteral("v2"));  // both checked again: v2 is asked, v1's verdict reused
        QTest::mouseClick(verify, Qt::LeftButton);
        QVERIFY(verified.count() == 2 || verified.wait(10000));
        QCOMPARE(models(), (QStringList{QStringLiteral("v1"), QStringLiteral("v2")}));
    }
};

GAUNTLET_GUI_TEST_MAIN(TestContributeWorkspace)
#include "tst_contribute_workspace.moc"
