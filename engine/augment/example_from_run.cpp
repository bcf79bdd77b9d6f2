#include "engine/augment/example_from_run.h"

#include "engine/ato/run_history.h"
#include "engine/augment/run_translations.h"
#include "engine/store/database.h"
#include "engine/store/store_error.h"
#include "engine/translate/mt_system.h"

#include <QLocale>

#include <cstring>

namespace gauntlet::augment {

namespace {

QString runTag(qint64 runId)
{
    return QStringLiteral("run:%1").arg(runId);
}

/// "cat" -> "Catalan" (an Apertium mode's target code, ISO 639); a name or an unknown code as given.
QString languageName(const QString &code)
{
    const QLocale::Language l = QLocale::codeToLanguage(code.section(u'_', 0, 0).section(u'-', 0, 0), QLocale::AnyLanguageCode);
    return l == QLocale::AnyLanguage || l == QLocale::C ? code : QLocale::languageToString(l);
}

/// Whether a stored translation's target (a code) is the language asked for (a name or a code).
bool sameLanguage(const QString &stored, const QString &asked)
{
    return stored.compare(asked, Qt::CaseInsensitive) == 0 || languageName(stored).compare(asked, Qt::CaseInsensitive) == 0;
}

}  // namespace

ExampleFromRunResult createExampleFromRun(storage::Database &db, const ExampleFromRunOptions &options)
{
    return createExamplesFromRun(db, options).constFirst();
}

QVector<ExampleFromRunResult> createExamplesFromRun(storage::Database &db, const ExampleFromRunOptions &options)
{
    ato::RunHistory history(db);
    const auto run = history.run(options.runId);
    if (!run)
        throw storage::StoreError(QStringLiteral("there is no run %1 in %2").arg(options.runId).arg(db.path()));
    if (options.candidateId && options.text)
        throw storage::StoreError(QStringLiteral("choose an archive candidate or a text of run %1, not both").arg(options.runId));
    QString text, origin;
    if (options.candidateId) {
        RunTextChoice choice;
        choice.candidateId = options.candidateId;
        text = runTexts(db, options.runId, choice).value(0).text;  // throws when the run has no such candidate
        origin = QStringLiteral("archive candidate %1").arg(*options.candidateId);
    } else if (options.text) {
        text = *options.text;
        origin = options.origin.isEmpty() ? QStringLiteral("a text of the run") : options.origin;
    } else {
        text = run->outputText;
        origin = QStringLiteral("output");
    }
    if (text.trimmed().isEmpty())
        throw storage::StoreError(options.text || options.candidateId
                             ? QStringLiteral("the chosen text of run %1 is empty").arg(options.runId)
                             : QStringLiteral("run %1 has no output (status %2); choose an archive candidate").arg(options.runId).arg(QString::fromLatin1(ato::runStatusName(run->status))));
    const QVector<RunTranslation> outputs = RunTranslationStore(db).translationsOfText(options.runId, text);
    // The target languages: the one asked for, else every one the text was translated into (one
    // draft each; issue 34: only the first system's language was kept, the others dropped).
    QStringList targets;
    if (!options.targetLanguage.isEmpty()) {
        targets << options.targetLanguage;
    } else {
        for (const RunTranslation &t : outputs)
            if (!targets.contains(t.targetLanguage))
                targets << t.targetLanguage;
    }
    if (targets.isEmpty())
        throw storage::StoreError(QStringLiteral("run %1 has no stored translation of this text to take the target language from; translate it first or give a target language")
                             .arg(options.runId));
    verify::ExampleStore store(db);
    QVector<ExampleFromRunResult> results;
    for (const QString &target : std::as_const(targets)) {
        verify::ChallengeExample e;
        e.author = options.author;
        e.sourceLanguage = options.sourceLanguage;
        e.sourceLanguageIso = options.sourceLanguageIso;
        e.targetLanguage = languageName(target);  // "Catalan", with its code beside it
        if (e.targetLanguage != target)
            e.targetLanguageIso = target;
        e.sourceText = text;
        e.tags = {QStringLiteral("ato"), run->method, runTag(options.runId)};
        if (run->seedId)
            e.tags << QStringLiteral("seed:%1").arg(*run->seedId);
        ExampleFromRunResult result;
        result.text = text;
        result.targetLanguage = e.targetLanguage;
        result.exampleId = store.addExample(e);
        for (const RunTranslation &t : outputs) {
            if (!sameLanguage(t.targetLanguage, target) || result.outputs >= translate::MaxMtSystemsPerExample)
                continue;
            store.setTranslation(result.exampleId, t.system, t.systemKind, t.translation);
            ++result.outputs;
        }
        store.comment(result.exampleId, e.author,
                      QStringLiteral("Created from augmentation run %1 (%2, %3) of the seed: %4").arg(options.runId).arg(run->method, origin, run->seedText));
        results << result;
    }
    return results;
}

QVector<ExampleProvenance> exampleProvenance(storage::Database &db, const verify::ChallengeExample &example)
{
    QVector<ExampleProvenance> out;
    for (const QString &tag : example.tags) {
        if (!tag.startsWith(QLatin1String("run:")))
            continue;
        bool ok = false;
        const qint64 runId = tag.mid(4).toLongLong(&ok);
        if (!ok || runId <= 0)
            continue;
        ExampleProvenance p;
        p.runId = runId;
        ato::RunHistory history(db);
        const auto run = history.run(runId);
        if (run) {
            p.runExists = true;
            p.method = run->method;
            p.seedId = run->seedId;
            p.seedText = run->seedText;
            const ato::RunTrace trace = history.trace(runId, false);
            if (trace.result) {
                p.difficultyBefore = trace.result->seedValues.difficulty;
                p.difficultyAfter = trace.result->values.difficulty;
                p.selectedBy = QString::fromStdString(trace.result->selectedBy);
                if (example.sourceText != QString::fromStdString(trace.result->outputText)) {
                    // An example made from an archive candidate (or a step's best text) has that
                    // text's D, not the run output's (issue 34: 0.0815 was shown as 0.346).
                    p.difficultyAfter = qQNaN();
                    p.fromOutput = false;
                    p.selectedBy = QStringLiteral("not the run's output: a text it no longer holds (edited since?)");
                    for (const char *table : {"archive_candidates", "beam_members"}) {
                        storage::SqlQuery q(db, QStringLiteral("SELECT difficulty FROM %1 WHERE run_id = ? AND text = ? ORDER BY difficulty IS NULL LIMIT 1")
                                           .arg(QLatin1String(table)));
                        q.bind(0, runId).bind(1, example.sourceText).exec();
                        if (q.next()) {
                            p.difficultyAfter = q.value(0).isNull() ? qQNaN() : q.value(0).toDouble();
                            p.selectedBy = QString::fromLatin1(std::strcmp(table, "archive_candidates") == 0 ? "chosen from the run's archive"
                                                                                                             : "chosen from the run's beam");
                            break;
                        }
                    }
                }
            }
        }
        out << p;
    }
    return out;
}

}  // namespace gauntlet::augment
