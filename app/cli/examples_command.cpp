// `gauntlet examples ...`, `gauntlet systems ...`, `gauntlet verifiers ...`: challenge examples
// authored as in the Last Translation Benchmark (papers.md, LTB section), the project's MT systems
// and LLM verifiers, review and LTB release exchange, all headless.
#include "app/cli/commands.h"
#include "engine/core/save_file.h"
#include "app/cli/example_cli_support.h"
#include "app/cli/run_translation_cli.h"

#include "engine/core/text_file.h"
#include "engine/verify/ltb_release.h"
#include "engine/store/project.h"
#include "engine/translate/apertium.h"

#include <algorithm>
#include <QRegularExpression>

namespace gauntlet::cli {

namespace {

/// `value` as an example id. Throws UsageError when it is not a positive number (cli::run prints
/// it under the action's name, exit status ExitUsage).
qint64 exampleId(const QString &value)
{
    bool ok = false;
    const qint64 id = value.toLongLong(&ok);
    if (!ok || id <= 0)
        throw UsageError(QStringLiteral("expected an example id (a positive number), got '") + value + u'\'');
    return id;
}

/// The example id of an action taking exactly one positional argument, ID; throws UsageError.
qint64 requireExampleId(const QCommandLineParser &parser)
{
    return exampleId(requirePositionals(parser, 1, QStringLiteral("one example ID")).constFirst());
}

QStringList splitList(const QString &value)
{
    QStringList list;
    for (const QString &item : value.split(u',', Qt::SkipEmptyParts))
        if (!item.trimmed().isEmpty())
            list << item.trimmed();
    return list;
}

// --- examples add / edit --------------------------------------------------------------------------

struct ExampleOptions {
    QCommandLineOption sourceLang{QStringLiteral("source-lang"), QStringLiteral("Source language, a free name (e.g. \"Serbian (Cyrillic)\")."), QStringLiteral("NAME")};
    QCommandLineOption sourceIso{QStringLiteral("source-iso"), QStringLiteral("Optional ISO 639 code of the source language."), QStringLiteral("CODE")};
    QCommandLineOption targetLang{QStringLiteral("target-lang"), QStringLiteral("Target language, a free name."), QStringLiteral("NAME")};
    QCommandLineOption targetIso{QStringLiteral("target-iso"), QStringLiteral("Optional ISO 639 code of the target language."), QStringLiteral("CODE")};
    QCommandLineOption text{QStringLiteral("text"), QStringLiteral("The source text (at most 5000 characters)."), QStringLiteral("TEXT")};
    QCommandLineOption textFile{QStringLiteral("text-file"), QStringLiteral("Read the source text from a UTF-8 file."), QStringLiteral("FILE")};
    QCommandLineOption reference{QStringLiteral("reference"), QStringLiteral("The human reference translation."), QStringLiteral("TEXT")};
    QCommandLineOption referenceFile{QStringLiteral("reference-file"), QStringLiteral("Read the reference from a UTF-8 file."), QStringLiteral("FILE")};
    QCommandLineOption instructions{QStringLiteral("instructions"), QStringLiteral("Optional translation instructions."), QStringLiteral("TEXT")};
    QCommandLineOption context{QStringLiteral("context"), QStringLiteral("Optional context note."), QStringLiteral("TEXT")};
    QCommandLineOption attribution{QStringLiteral("attribution"), QStringLiteral("Where reused material comes from."), QStringLiteral("TEXT")};
    QCommandLineOption linguistics{QStringLiteral("linguistics"), QStringLiteral("Comma-separated LTB taxonomy tags."), QStringLiteral("TAGS")};
    QCommandLineOption tags{QStringLiteral("tags"), QStringLiteral("Comma-separated free tags."), QStringLiteral("TAGS")};

    void add(QCommandLineParser &parser) const
    {
        parser.addOptions({sourceLang, sourceIso, targetLang, targetIso, text, textFile, reference, referenceFile, instructions,
                           context, attribution, linguistics, tags});
    }

    /// Applies the options that are set to `e`. Throws InputFileError for unreadable files.
    void apply(const QCommandLineParser &parser, verify::ChallengeExample &e) const
    {
        if (parser.isSet(sourceLang))
            e.sourceLanguage = parser.value(sourceLang);
        if (parser.isSet(sourceIso))
            e.sourceLanguageIso = parser.value(sourceIso);
        if (parser.isSet(targetLang))
            e.targetLanguage = parser.value(targetLang);
        if (parser.isSet(targetIso))
            e.targetLanguageIso = parser.value(targetIso);
        if (parser.isSet(text))
            e.sourceText = parser.value(text);
        if (parser.isSet(textFile))
            e.sourceText = readUtf8TextFile(parser.value(textFile));
        if (parser.isSet(reference))
            e.reference = parser.value(reference);
        if (parser.isSet(referenceFile))
            e.reference = readUtf8TextFile(parser.value(referenceFile));
        if (parser.isSet(instructions))
            e.instructions = parser.value(instructions);
        if (parser.isSet(context))
            e.contextNote = parser.value(context);
        if (parser.isSet(attribution))
            e.attribution = parser.value(attribution);
        if (parser.isSet(linguistics))
            e.linguistics = splitList(parser.value(linguistics));
        if (parser.isSet(tags))
            e.tags = splitList(parser.value(tags));
    }
};

int addDraftExample(Context &ctx, const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Adds a draft challenge example and prints its id.\n"
                                                    "With --from-run RUN: the draft made from an augmentation run (below)."));
    ExampleOptions options;
    options.add(parser);
    const QCommandLineOption author = authorOption();
    parser.addOption(author);
    parseArguments(parser, args, ctx);
    verify::ChallengeExample e;
    e.author = authorName(parser, author);
    options.apply(parser, e);
    verify::ExampleStore store(ctx.project().database());
    const qint64 id = store.addExample(e);
    ctx.out << id << '\n';
    ctx.err << "Added draft example " << id << " to " << ctx.project().path() << '\n';
    return ExitOk;
}

int addExample(Context &ctx, const QStringList &args)
{
    if (args.contains(QStringLiteral("--from-run")) || args.filter(QRegularExpression(QStringLiteral("^--from-run="))).size() > 0)
        return addExampleFromRun(ctx, args);
    if (asksForHelp(args))
        return helpOfBothForms(ctx, args, addDraftExample, addExampleFromRun);
    return addDraftExample(ctx, args);
}

int editExample(Context &ctx, const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Changes fields of a draft or returned example; options not given stay as they are."));
    parser.addPositionalArgument(QStringLiteral("id"), QStringLiteral("The example id."));
    ExampleOptions options;
    options.add(parser);
    parseArguments(parser, args, ctx);
    const qint64 id = requireExampleId(parser);
    verify::ExampleStore store(ctx.project().database());
    auto e = store.example(id);
    if (!e) {
        ctx.err << args[0] << ": there is no example " << id << " in " << ctx.project().path() << '\n';
        return ExitFailure;
    }
    const QString oldSource = e->sourceText;
    options.apply(parser, *e);
    store.updateExample(*e);
    ctx.err << "Saved example " << id << '\n';
    if (e->sourceText != oldSource && !store.translations(id).isEmpty())
        ctx.err << args[0] << ": warning: the stored MT outputs translate the old source text; run 'gauntlet translate " << id
                << "' again\n";
    return ExitOk;
}

int listExamples(Context &ctx, const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Lists examples (tab-separated: id, status, author, languages, rules, outputs, source text)."));
    const QCommandLineOption status(QStringLiteral("status"), QStringLiteral("Only draft, submitted, accepted or returned (or all, the default)."),
                                    QStringLiteral("STATUS"));
    parser.addOption(status);
    parseArguments(parser, args, ctx);
    std::optional<verify::ExampleStatus> filter;
    if (parser.isSet(status) && parser.value(status) != QLatin1String("all")) {  // as export takes it
        try {
            filter = verify::parseExampleStatus(parser.value(status));
        } catch (const storage::StoreError &e) {
            ctx.err << args[0] << ": " << e.what() << '\n';
            return ExitUsage;
        }
    }
    verify::ExampleStore store(ctx.project().database());
    ctx.out << "id\tstatus\tauthor\tlanguages\trules\toutputs\tsource_text\n";
    const QVector<verify::ChallengeExample> list = store.examples(filter);
    for (const verify::ChallengeExample &e : list)
        ctx.out << e.id << '\t' << verify::exampleStatusName(e.status) << '\t' << e.author << '\t' << e.sourceLanguage << " -> "
                << e.targetLanguage << '\t' << store.rules(e.id).size() << '\t' << store.translations(e.id).size() << '\t'
                << e.sourceText.simplified().left(80) << '\n';
    ctx.err << counted(list.size(), "example", "examples") << '\n';
    return ExitOk;
}

int showExample(Context &ctx, const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Shows an example: its fields, rules, the verdict matrix, the acceptance gate, the verifiers' replies and its history."));
    parser.addPositionalArgument(QStringLiteral("id"), QStringLiteral("The example id."));
    const QCommandLineOption fullO(QStringLiteral("full-replies"), QStringLiteral("Print the verifiers' replies whole, not cut to one line."));
    parser.addOption(fullO);
    parseArguments(parser, args, ctx);
    const qint64 id = requireExampleId(parser);
    verify::ExampleStore store(ctx.project().database());
    const verify::ChallengeExample e = requireExample(store, id);
    printExample(ctx.out, store, e, parser.isSet(fullO));
    return ExitOk;
}

int ruleCommand(Context &ctx, const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Adds a verification rule to an example (at most 10, each at most 500 characters), or with --remove N removes rule N.\n"
        "Kinds: llm (a natural-language criterion for the LLM verifier), contains, not_contains, regex."));
    parser.addPositionalArgument(QStringLiteral("id"), QStringLiteral("The example id."));
    parser.addPositionalArgument(QStringLiteral("text"), QStringLiteral("The rule text, string or pattern."), QStringLiteral("[TEXT]"));
    const QCommandLineOption kind(QStringLiteral("kind"), QStringLiteral("llm, contains, not_contains or regex (default llm)."), QStringLiteral("KIND"), QStringLiteral("llm"));
    const QCommandLineOption caseSensitive(QStringLiteral("case-sensitive"), QStringLiteral("String rules: match case exactly."));
    const QCommandLineOption normalization(QStringLiteral("normalization"), QStringLiteral("String rules: none, nfc (default) or nfkc."), QStringLiteral("FORM"), QStringLiteral("nfc"));
    const QCommandLineOption remove(QStringLiteral("remove"), QStringLiteral("Remove rule N (1-based) instead."), QStringLiteral("N"));
    const QCommandLineOption author = authorOption();
    parser.addOptions({kind, caseSensitive, normalization, remove, author});
    parseArguments(parser, args, ctx);
    const QStringList pos = parser.positionalArguments();
    if (pos.size() != (parser.isSet(remove) ? 1 : 2)) {
        ctx.err << args[0] << ": expected ID and TEXT, or ID with --remove N (see --help)\n";
        return ExitUsage;
    }
    const qint64 id = exampleId(pos[0]);
    verify::ExampleStore store(ctx.project().database());
    QVector<verify::VerificationRule> rules;
    for (const verify::StoredRule &r : store.rules(id))
        rules.append(r.rule);
    if (parser.isSet(remove)) {
        bool ok = false;
        const int n = parser.value(remove).toInt(&ok);
        if (!ok || n < 1 || n > rules.size()) {
            ctx.err << args[0] << ": --remove expects a rule number from 1 to " << rules.size() << '\n';
            return ExitUsage;
        }
        rules.removeAt(n - 1);
        store.setRules(id, rules, authorName(parser, author));
        ctx.err << "Removed rule " << n << " of example " << id << '\n';
        return ExitOk;
    }
    verify::VerificationRule rule;
    try {
        rule.kind = verify::parseRuleKind(parser.value(kind));
        rule.text = pos[1];
        rule.caseSensitive = parser.isSet(caseSensitive);
        rule.setOptionsJson(QJsonObject{{QStringLiteral("case_sensitive"), rule.caseSensitive},
                                        {QStringLiteral("normalization"), parser.value(normalization)}});
    } catch (const std::exception &e) {
        ctx.err << args[0] << ": " << e.what() << '\n';
        return ExitUsage;
    }
    rules.append(rule);
    store.setRules(id, rules, authorName(parser, author));
    ctx.err << "Example " << id << " has " << rules.size() << (rules.size() == 1 ? " rule\n" : " rules\n");
    return ExitOk;
}

int setOutput(Context &ctx, const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Stores the output of a manual MT system (pasted from elsewhere), or with --remove removes a system's output."));
    parser.addPositionalArgument(QStringLiteral("id"), QStringLiteral("The example id."));
    parser.addPositionalArgument(QStringLiteral("system"), QStringLiteral("The MT system's name."));
    parser.addPositionalArgument(QStringLiteral("text"), QStringLiteral("The translation."), QStringLiteral("[TEXT]"));
    const QCommandLineOption file(QStringLiteral("file"), QStringLiteral("Read the translation from a UTF-8 file."), QStringLiteral("FILE"));
    const QCommandLineOption remove(QStringLiteral("remove"), QStringLiteral("Remove the system's output."));
    parser.addOptions({file, remove});
    parseArguments(parser, args, ctx);
    const QStringList pos = parser.positionalArguments();
    const int expected = (parser.isSet(file) || parser.isSet(remove)) ? 2 : 3;
    if (pos.size() != expected) {
        ctx.err << args[0] << ": expected ID SYSTEM TEXT, ID SYSTEM --file FILE or ID SYSTEM --remove (see --help)\n";
        return ExitUsage;
    }
    const qint64 id = exampleId(pos[0]);
    verify::ExampleStore store(ctx.project().database());
    if (parser.isSet(remove)) {
        if (!store.removeTranslation(id, pos[1])) {
            ctx.err << args[0] << ": example " << id << " has no output of '" << pos[1] << "'\n";
            return ExitFailure;
        }
        return ExitOk;
    }
    QString text;
    text = parser.isSet(file) ? readUtf8TextFile(parser.value(file)) : pos[2];
    if (text.trimmed().isEmpty()) {
        ctx.err << args[0] << ": the translation is empty\n";
        return ExitUsage;
    }
    store.setTranslation(id, pos[1], QStringLiteral("manual"), text);
    ctx.err << "Stored the output of '" << pos[1] << "' for example " << id << '\n';
    return ExitOk;
}

int reviewAction(Context &ctx, const QStringList &args, const QString &action)
{
    QCommandLineParser parser;
    const bool needsText = action == QLatin1String("return") || action == QLatin1String("comment");
    parser.setApplicationDescription(
        action == QLatin1String("submit")   ? QStringLiteral("Submits a draft or returned example for review; refused unless the acceptance gate holds.")
        : action == QLatin1String("accept") ? QStringLiteral("Accepts a submitted example (reviewer).")
        : action == QLatin1String("return") ? QStringLiteral("Returns a submitted example to its contributor with a comment saying what to fix.")
                                            : QStringLiteral("Adds a comment to an example's thread."));
    parser.addPositionalArgument(QStringLiteral("id"), QStringLiteral("The example id."));
    if (needsText)
        parser.addPositionalArgument(QStringLiteral("comment"), QStringLiteral("The comment."));
    const QCommandLineOption author = authorOption();
    const QCommandLineOption commentOption(QStringLiteral("comment"), QStringLiteral("An optional comment."), QStringLiteral("TEXT"));
    parser.addOption(author);
    if (action == QLatin1String("accept"))
        parser.addOption(commentOption);
    parseArguments(parser, args, ctx);
    requirePositionals(parser, needsText ? 2 : 1, needsText ? QStringLiteral("ID and COMMENT") : QStringLiteral("one example ID"));
    const qint64 id = exampleId(parser.positionalArguments()[0]);
    verify::ExampleStore store(ctx.project().database());
    QString who = authorName(parser, author);
    // Submitting is the author's act: without --author or $GAUNTLET_PROFILE the example's own author
    // submits it, not $USER or "anonymous" (issue 19).
    if (action == QLatin1String("submit") && !parser.isSet(author) && qEnvironmentVariable("GAUNTLET_PROFILE").trimmed().isEmpty()) {
        if (const auto e = store.example(id); e && !e->author.trimmed().isEmpty())
            who = e->author.trimmed();
    }
    if (action == QLatin1String("submit"))
        store.submit(id, who);
    else if (action == QLatin1String("accept"))
        store.accept(id, who, parser.value(commentOption));
    else if (action == QLatin1String("return"))
        store.returnExample(id, who, parser.positionalArguments()[1]);
    else
        store.comment(id, who, parser.positionalArguments()[1]);
    ctx.err << "Example " << id << ": " << verify::exampleStatusName(store.example(id)->status) << '\n';
    return ExitOk;
}

int removeExample(Context &ctx, const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Removes an example with its rules, outputs, verdicts and history."));
    parser.addPositionalArgument(QStringLiteral("id"), QStringLiteral("The example id."));
    parseArguments(parser, args, ctx);
    const qint64 id = requireExampleId(parser);
    if (!verify::ExampleStore(ctx.project().database()).removeExample(id)) {
        ctx.err << args[0] << ": there is no example " << id << '\n';
        return ExitFailure;
    }
    return ExitOk;
}

int contributors(Context &ctx, const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Accepted examples per contributor (LTB: co-authorship after 10)."));
    parseArguments(parser, args, ctx);
    ctx.out << "author\taccepted\n";
    for (const auto &[author, n] : verify::ExampleStore(ctx.project().database()).acceptedCounts())
        ctx.out << author << '\t' << n << '\n';
    return ExitOk;
}

int exportExamples(Context &ctx, const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Writes examples as an LTB release file (v1.json format). Default: the accepted examples."));
    parser.addPositionalArgument(QStringLiteral("file"), QStringLiteral("The JSON file to write (- for standard output)."));
    const QCommandLineOption status(QStringLiteral("status"), QStringLiteral("Export examples with this status instead (or 'all')."), QStringLiteral("STATUS"), QStringLiteral("accepted"));
    const QCommandLineOption ids(QStringLiteral("ids"), QStringLiteral("Comma-separated example ids instead."), QStringLiteral("IDS"));
    const QCommandLineOption leaveOut(QStringLiteral("leave-out-failing"),
                                      QStringLiteral("Leave out, with a warning, accepted examples whose gate no longer holds (default: refuse to export)."));
    parser.addOptions({status, ids, leaveOut});
    parseArguments(parser, args, ctx);
    requirePositionals(parser, 1, QStringLiteral("one output FILE"));
    verify::ExampleStore store(ctx.project().database());
    QVector<qint64> selected;
    if (parser.isSet(ids)) {
        for (const QString &s : splitList(parser.value(ids)))
            selected.append(exampleId(s));
    } else {
        std::optional<verify::ExampleStatus> filter;
        if (parser.value(status) != QLatin1String("all")) {
            try {
                filter = verify::parseExampleStatus(parser.value(status));
            } catch (const storage::StoreError &e) {
                ctx.err << args[0] << ": " << e.what() << '\n';
                return ExitUsage;
            }
        }
        for (const verify::ChallengeExample &e : store.examples(filter))
            selected.append(e.id);
    }
    // A release must not contradict its own rules (issue 32): an accepted example whose gate does
    // not hold now (a reference failing its rule, too many MT outputs passing) is refused.
    QVector<qint64> failing;
    for (qint64 id : std::as_const(selected)) {
        const auto e = store.example(id);
        if (e && e->status == verify::ExampleStatus::Accepted && store.assess(id).gate.state != verify::GateResult::State::Holds)
            failing.append(id);
    }
    if (!failing.isEmpty()) {
        QStringList list;
        for (qint64 id : std::as_const(failing))
            list << QString::number(id);
        if (!parser.isSet(leaveOut)) {
            ctx.err << args[0] << ": the gate of accepted example(s) " << list.join(QStringLiteral(", "))
                    << " does not hold; nothing exported (examples show ID tells why; --leave-out-failing exports the rest)\n";
            return ExitFailure;
        }
        ctx.err << args[0] << ": warning: left out accepted example(s) " << list.join(QStringLiteral(", ")) << " whose gate does not hold\n";
        for (qint64 id : std::as_const(failing))
            selected.removeAll(id);
    }
    const QByteArray json = verify::writeLtbRelease(store, selected);
    const QString path = parser.positionalArguments()[0];
    if (path == QLatin1String("-")) {
        ctx.out << QString::fromUtf8(json);
    } else {
        if (const QString why = core::saveFile(path, json); !why.isEmpty()) {
            ctx.err << args[0] << ": cannot write " << path << ": " << why << '\n';
            return ExitFailure;
        }
    }
    ctx.err << "Exported " << counted(selected.size(), "example", "examples") << '\n';
    return ExitOk;
}

int importExamples(Context &ctx, const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Imports an LTB release file (v1.json format) as accepted examples; all or nothing."));
    const InputFile input = parseInputFile(parser, ctx, args, QStringLiteral("The JSON file."), QStringLiteral("one FILE"));
    const QString &path = input.path;
    const QVector<verify::ExampleBundle> bundles = verify::parseLtbRelease(input.bytes, path);
    try {
        QVector<qint64> already;
        const QVector<qint64> ids = verify::ExampleStore(ctx.project().database()).importExamples(bundles, &already);
        ctx.out << "Imported " << ids.size() << " examples from " << path << '\n';
        if (!already.isEmpty()) {
            QStringList list;
            for (qint64 id : std::as_const(already))
                list << QString::number(id);
            ctx.err << args[0] << ": " << already.size() << " example(s) of " << path << " are already in the project (as example(s) "
                    << list.join(QStringLiteral(", ")) << ") and were skipped\n";
        }
        const auto drafts = std::count_if(bundles.begin(), bundles.end(), [](const verify::ExampleBundle &b) { return b.example.status == verify::ExampleStatus::Draft; });
        if (drafts > 0)
            ctx.err << args[0] << ": warning: " << drafts << " of them were not accepted in " << path
                    << " (their \"status\" says so) and were imported as drafts\n";
    } catch (const storage::StoreError &e) {
        ctx.err << args[0] << ": " << path << ": " << e.what() << '\n';
        return ExitFailure;
    }
    return ExitOk;
}

int historyOf(Context &ctx, const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Shows an example's history: status changes, comments, rule changes and verdicts "
                                                    "set or removed by hand (time, author, kind, from, to, comment; tab-separated)."));
    parser.addPositionalArgument(QStringLiteral("id"), QStringLiteral("The example id."));
    parseArguments(parser, args, ctx);
    const qint64 id = requireExampleId(parser);
    for (const verify::ExampleEvent &ev : verify::ExampleStore(ctx.project().database()).history(id))
        ctx.out << ev.createdAt << '\t' << ev.author << '\t' << ev.kind << '\t' << ev.fromStatus << '\t' << ev.toStatus << '\t'
                << ev.comment << '\n';
    return ExitOk;
}

int examples(Context &ctx, const QStringList &args)
{
    using namespace std::placeholders;
    return dispatchAction(ctx, args,
                    QStringLiteral("Usage: gauntlet examples add --source-lang NAME --target-lang NAME --text TEXT [--reference TEXT] [...]\n"
                                   "       gauntlet examples add --from-run RUN [--candidate ID] [--target-lang NAME]\n"
                                   "       gauntlet examples edit ID [--reference TEXT] [...]\n"
                                   "       gauntlet examples list [--status STATUS]\n"
                                   "       gauntlet examples show ID\n"
                                   "       gauntlet examples rule ID TEXT [--kind llm|contains|not_contains|regex] | ID --remove N\n"
                                   "       gauntlet examples output ID SYSTEM TEXT      (a manual MT system's output)\n"
                                   "       gauntlet examples submit|accept ID; return|comment ID TEXT; history ID\n"
                                   "       gauntlet examples override ID --system S|--reference --rule N --verdict pass|fail --reason TEXT | ... --remove\n"
                                   "       gauntlet examples export FILE [--status accepted|all] | import FILE\n"
                                   "       gauntlet examples contributors | remove ID\n"
                                   "Translate and verify with 'gauntlet translate ID' and 'gauntlet verify ID'.\n"),
                    {{QStringLiteral("add"), addExample},
                     {QStringLiteral("edit"), editExample},
                     {QStringLiteral("list"), listExamples},
                     {QStringLiteral("show"), showExample},
                     {QStringLiteral("rule"), ruleCommand},
                     {QStringLiteral("output"), setOutput},
                     {QStringLiteral("submit"), [](Context &c, const QStringList &a) { return reviewAction(c, a, QStringLiteral("submit")); }},
                     {QStringLiteral("accept"), [](Context &c, const QStringList &a) { return reviewAction(c, a, QStringLiteral("accept")); }},
                     {QStringLiteral("return"), [](Context &c, const QStringList &a) { return reviewAction(c, a, QStringLiteral("return")); }},
                     {QStringLiteral("comment"), [](Context &c, const QStringList &a) { return reviewAction(c, a, QStringLiteral("comment")); }},
                     {QStringLiteral("history"), historyOf},
                     {QStringLiteral("override"), overrideVerdict},
                     {QStringLiteral("export"), exportExamples},
                     {QStringLiteral("import"), importExamples},
                     {QStringLiteral("contributors"), contributors},
                     {QStringLiteral("remove"), removeExample}});
}

// --- systems and verifiers ------------------------------------------------------------------------

/// A prompt template file; an empty one is refused (issue 39: it silently meant the default prompt).
QString readPromptFile(const QString &path)
{
    const QString text = readUtf8TextFile(path);
    if (text.trimmed().isEmpty())
        throw core::InputFileError(path, 0, QStringLiteral("the prompt file is empty (leave --prompt-file out for the default prompt)"));
    return text;
}

struct EndpointOptions {
    QCommandLineOption baseUrl{QStringLiteral("base-url"), QStringLiteral("OpenAI-compatible base URL, e.g. http://127.0.0.1:8000/v1."), QStringLiteral("URL")};
    QCommandLineOption model{QStringLiteral("model"), QStringLiteral("The model name the server expects."), QStringLiteral("NAME")};
    QCommandLineOption keyEnv{QStringLiteral("api-key-env"), QStringLiteral("NAME of the environment variable holding the API key (the key itself is never stored)."), QStringLiteral("VAR")};
    QCommandLineOption temperature{QStringLiteral("temperature"), QStringLiteral("Sampling temperature, 0 to 2 (default 0)."), QStringLiteral("T"), QStringLiteral("0")};
    QCommandLineOption timeout{QStringLiteral("timeout"), QStringLiteral("Per-request timeout in seconds (default 60)."), QStringLiteral("S"), QStringLiteral("60")};
    QCommandLineOption retries{QStringLiteral("retries"), QStringLiteral("Retries on 429, 5xx, network errors and timeouts (default 3)."), QStringLiteral("N"), QStringLiteral("3")};
    QCommandLineOption promptFile{QStringLiteral("prompt-file"), QStringLiteral("A UTF-8 file with the prompt template (default: LTB's)."), QStringLiteral("FILE")};

    void add(QCommandLineParser &parser) const { parser.addOptions({baseUrl, model, keyEnv, temperature, timeout, retries, promptFile}); }

    /// The endpoint the options describe. Throws UsageError naming a malformed option.
    translate::ChatEndpoint endpoint(const QCommandLineParser &parser) const
    {
        translate::ChatEndpoint e;
        e.baseUrl = parser.value(baseUrl);
        e.model = parser.value(model);
        e.apiKeyVariable = parser.value(keyEnv);
        bool ok = false;
        e.temperature = parser.value(temperature).toDouble(&ok);
        if (!ok)
            throw UsageError("--temperature expects a number");
        const double seconds = parser.value(timeout).toDouble(&ok);
        if (!ok)
            throw UsageError("--timeout expects a number of seconds");
        e.timeoutMs = int(seconds * 1000);
        e.maxRetries = parser.value(retries).toInt(&ok);
        if (!ok)
            throw UsageError("--retries expects a whole number");
        return e;
    }

    /// The --prompt-file template, or an empty string (the default prompt) when it is not given.
    /// Throws InputFileError naming the file (cli::run exits 1 with it).
    QString promptTemplate(const QCommandLineParser &parser) const
    {
        return parser.isSet(promptFile) ? readPromptFile(parser.value(promptFile)) : QString();
    }
};

int addSystem(Context &ctx, const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Adds (or replaces) an MT system of the project: --apertium PAIR (see 'gauntlet systems pairs'), --chat with an "
        "OpenAI-compatible endpoint, or --manual for outputs pasted from elsewhere."));
    parser.addPositionalArgument(QStringLiteral("name"), QStringLiteral("The system's name, shown as the row's model."));
    const QCommandLineOption apertium(QStringLiteral("apertium"), QStringLiteral("An installed Apertium pair, e.g. eng-spa."), QStringLiteral("PAIR"));
    const QCommandLineOption chat(QStringLiteral("chat"), QStringLiteral("An OpenAI-compatible chat-completions endpoint."));
    const QCommandLineOption manual(QStringLiteral("manual"), QStringLiteral("A manual system."));
    parser.addOptions({apertium, chat, manual});
    EndpointOptions endpoint;
    endpoint.add(parser);
    parseArguments(parser, args, ctx);
    requirePositionals(parser, 1, QStringLiteral("one system NAME"));
    if (int(parser.isSet(apertium)) + int(parser.isSet(chat)) + int(parser.isSet(manual)) != 1) {
        ctx.err << args[0] << ": give exactly one of --apertium PAIR, --chat or --manual\n";
        return ExitUsage;
    }
    translate::MtSystemConfig system;
    system.name = parser.positionalArguments()[0];
    if (parser.isSet(apertium)) {
        system.kind = translate::MtSystemConfig::Kind::Apertium;
        system.apertiumPair = parser.value(apertium);
        const QStringList pairs = translate::installedApertiumPairs();
        if (!pairs.contains(system.apertiumPair)) {
            ctx.err << args[0] << ": Apertium pair '" << system.apertiumPair << "' is not installed (installed: "
                    << pairs.join(QStringLiteral(", ")) << ")\n";
            return ExitFailure;
        }
    } else if (parser.isSet(chat)) {
        system.kind = translate::MtSystemConfig::Kind::Chat;
        system.endpoint = endpoint.endpoint(parser);
        system.promptTemplate = endpoint.promptTemplate(parser);
    } else {
        system.kind = translate::MtSystemConfig::Kind::Manual;
    }
    verify::ExampleStore(ctx.project().database()).saveMtSystem(system);
    ctx.err << "Saved MT system '" << system.name << "'\n";
    return ExitOk;
}

int listSystems(Context &ctx, const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Lists the project's MT systems (name, kind, settings)."));
    parseArguments(parser, args, ctx);
    ctx.out << "name\tkind\tsettings\n";
    for (const translate::MtSystemConfig &s : verify::ExampleStore(ctx.project().database()).mtSystems()) {
        QString settings;
        if (s.kind == translate::MtSystemConfig::Kind::Apertium)
            settings = s.apertiumPair;
        else if (s.kind == translate::MtSystemConfig::Kind::Chat)
            settings = s.endpoint.model + QStringLiteral(" @ ") + s.endpoint.baseUrl +
                       (s.endpoint.apiKeyVariable.isEmpty() ? QString() : QStringLiteral(" (key from $") + s.endpoint.apiKeyVariable + u')');
        ctx.out << s.name << '\t' << translate::mtSystemKindName(s.kind) << '\t' << settings << '\n';
    }
    return ExitOk;
}

int removeNamed(Context &ctx, const QStringList &args, bool verifier)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(verifier ? QStringLiteral("Removes a verifier.") : QStringLiteral("Removes an MT system (stored outputs stay)."));
    parser.addPositionalArgument(QStringLiteral("name"), QStringLiteral("The name."));
    parseArguments(parser, args, ctx);
    requirePositionals(parser, 1, QStringLiteral("one NAME"));
    verify::ExampleStore store(ctx.project().database());
    const QString name = parser.positionalArguments()[0];
    if (!(verifier ? store.removeVerifier(name) : store.removeMtSystem(name))) {
        ctx.err << args[0] << ": there is no " << (verifier ? "verifier" : "MT system") << " named '" << name << "'\n";
        return ExitFailure;
    }
    return ExitOk;
}

int apertiumPairs(Context &ctx, const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Lists the installed Apertium pairs (from ") + translate::apertiumModesDirectory() + u')');
    parseArguments(parser, args, ctx);
    for (const QString &pair : translate::installedApertiumPairs())
        ctx.out << pair << '\n';
    return ExitOk;
}

int systems(Context &ctx, const QStringList &args)
{
    return dispatchAction(ctx, args,
                    QStringLiteral("Usage: gauntlet systems add NAME --apertium PAIR | --chat --base-url URL --model M [--api-key-env VAR] | --manual\n"
                                   "       gauntlet systems list | remove NAME | pairs\n"),
                    {{QStringLiteral("add"), addSystem},
                     {QStringLiteral("list"), listSystems},
                     {QStringLiteral("remove"), [](Context &c, const QStringList &a) { return removeNamed(c, a, false); }},
                     {QStringLiteral("pairs"), apertiumPairs}});
}

int addVerifier(Context &ctx, const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Adds (or replaces) an LLM verifier for natural-language rules: an OpenAI-compatible endpoint asked LTB's verifier prompt."));
    parser.addPositionalArgument(QStringLiteral("name"), QStringLiteral("The verifier's name."));
    EndpointOptions endpoint;
    endpoint.add(parser);
    parseArguments(parser, args, ctx);
    requirePositionals(parser, 1, QStringLiteral("one verifier NAME"));
    verify::VerifierConfig v;
    v.name = parser.positionalArguments()[0];
    v.endpoint = endpoint.endpoint(parser);
    v.promptTemplate = endpoint.promptTemplate(parser);
    verify::ExampleStore(ctx.project().database()).saveVerifier(v);
    ctx.err << "Saved verifier '" << v.name << "'\n";
    return ExitOk;
}

int listVerifiers(Context &ctx, const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Lists the project's LLM verifiers."));
    parseArguments(parser, args, ctx);
    ctx.out << "name\tmodel\tbase_url\tapi_key_env\n";
    for (const verify::VerifierConfig &v : verify::ExampleStore(ctx.project().database()).verifiers())
        ctx.out << v.name << '\t' << v.endpoint.model << '\t' << v.endpoint.baseUrl << '\t' << v.endpoint.apiKeyVariable << '\n';
    return ExitOk;
}

int verifiers(Context &ctx, const QStringList &args)
{
    return dispatchAction(ctx, args,
                    QStringLiteral("Usage: gauntlet verifiers add NAME --base-url URL --model M [--api-key-env VAR] [--prompt-file FILE]\n"
                                   "       gauntlet verifiers list | remove NAME | stats\n"),
                    {{QStringLiteral("add"), addVerifier},
                     {QStringLiteral("stats"), verifierStatsCommand},
                     {QStringLiteral("list"), listVerifiers},
                     {QStringLiteral("remove"), [](Context &c, const QStringList &a) { return removeNamed(c, a, true); }}});
}

}  // namespace

Command examplesCommand()
{
    return {QStringLiteral("examples"), QStringLiteral("Challenge examples: add, rules, outputs, review, LTB export/import"), examples};
}

Command systemsCommand()
{
    return {QStringLiteral("systems"), QStringLiteral("The project's MT systems (Apertium, chat endpoints, manual)"), systems};
}

Command verifiersCommand()
{
    return {QStringLiteral("verifiers"), QStringLiteral("The project's LLM verifiers for natural-language rules"), verifiers};
}

}  // namespace gauntlet::cli
