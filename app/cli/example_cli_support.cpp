#include "app/cli/example_cli_support.h"
#include "app/cli/run_translation_cli.h"

#include "engine/core/text_file.h"
#include "engine/evaluate/rule_evidence.h"

#include <QFile>
#include <QStringDecoder>

#include <stdexcept>
#include <string>

namespace gauntlet::cli {

QCommandLineOption authorOption()
{
    return QCommandLineOption(QStringLiteral("author"),
                              QStringLiteral("Your profile name (default: $GAUNTLET_PROFILE, else $USER)."), QStringLiteral("NAME"));
}

QString authorName(const QCommandLineParser &parser, const QCommandLineOption &option)
{
    if (parser.isSet(option) && !parser.value(option).trimmed().isEmpty())
        return parser.value(option).trimmed();
    for (const char *variable : {"GAUNTLET_PROFILE", "USER"}) {
        const QString value = qEnvironmentVariable(variable).trimmed();
        if (!value.isEmpty())
            return value;
    }
    return QStringLiteral("anonymous");
}

verify::ChallengeExample requireExample(verify::ExampleStore &store, qint64 id)
{
    const auto e = store.example(id);
    if (!e)
        throw std::runtime_error("there is no example " + std::to_string(id));
    return *e;
}

QString readUtf8TextFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw core::InputFileError(path, 0, QStringLiteral("cannot be read: %1").arg(file.errorString()));
    if (file.size() > (1 << 20))
        throw core::InputFileError(path, 0, QStringLiteral("is larger than 1 MiB"));
    const QByteArray bytes = file.readAll();
    QStringDecoder decoder(QStringDecoder::Utf8);
    QString text = decoder(bytes);
    if (decoder.hasError())
        throw core::InputFileError(path, 0, QStringLiteral("is not valid UTF-8"));
    if (text.startsWith(QChar(0xFEFF)))
        text.remove(0, 1);
    while (text.endsWith(u'\n') || text.endsWith(u'\r'))
        text.chop(1);
    return text;
}

void printAssessment(QTextStream &out, const verify::ExampleAssessment &a)
{
    out << "row\toverall";
    for (int r = 0; r < a.matrix.rules.size(); ++r)
        out << "\trule " << (r + 1);
    out << '\n';
    // A verdict set by hand is marked "(human)"; cells where verifiers disagree "(disagree)".
    bool anyHuman = false, anyDisagreement = false;
    for (const verify::VerdictRow &row : a.matrix.rows) {
        out << row.label << '\t' << verify::verdictName(row.overall);
        for (const verify::VerdictCell &cell : row.cells) {
            out << '\t' << verify::verdictName(cell.verdict);
            if (cell.humanOverride)
                out << " (human)";
            if (cell.verifiersDisagree())
                out << " (disagree)";
            anyHuman = anyHuman || cell.humanOverride;
            anyDisagreement = anyDisagreement || cell.verifiersDisagree();
        }
        out << '\n';
    }
    if (anyDisagreement || a.matrix.verifiers.size() >= 2) {
        out << "verdicts per verifier (" << a.matrix.verifiers.join(QStringLiteral(", ")) << "):\n";
        for (int r = 0; r < a.matrix.rules.size(); ++r) {
            if (a.matrix.rules[r].isStringRule())
                continue;
            for (const verify::VerdictRow &row : a.matrix.rows) {
                const verify::VerdictCell &cell = row.cells[r];
                QStringList each;
                for (int v = 0; v < a.matrix.verifiers.size(); ++v)
                    each << a.matrix.verifiers[v] + u'=' + verify::verdictName(cell.perVerifier.value(v, verify::Verdict::Unknown));
                out << "  rule " << (r + 1) << '\t' << row.label << '\t' << each.join(u' ')
                    << (cell.verifiersDisagree() ? QStringLiteral("\tDISAGREE") : QString()) << '\n';
            }
        }
    }
    if (anyHuman) {
        out << "verdicts set by hand (rule, row, verdict, reviewer, time, reason; the verifiers' verdict in brackets):\n";
        for (int r = 0; r < a.matrix.rules.size(); ++r)
            for (const verify::VerdictRow &row : a.matrix.rows)
                if (const auto &o = row.cells[r].humanOverride)
                    out << "  rule " << (r + 1) << '\t' << row.label << '\t' << verify::verdictName(o->verdict) << " ["
                        << (a.fromRelease && row.cells[r].machineVerdict == verify::Verdict::Unknown ? QStringLiteral("not in the release")
                                                                                             : verify::verdictName(row.cells[r].machineVerdict))
                        << "]\t" << o->reviewer << '\t' << o->createdAt << '\t' << o->reason << '\n';
    }
    out << "gate: " << verify::gateStateName(a.gate.state) << '\n';
    for (const QString &line : a.gate.explanation)
        out << "  " << line << '\n';
    if (a.agreement.verifiers >= 2)
        out << "verifier agreement: " << a.agreement.unanimous << " of " << a.agreement.units << " pairs unanimous"
            << (a.agreement.alpha ? QStringLiteral(", Krippendorff's alpha %1").arg(*a.agreement.alpha, 0, 'f', 3)
                                  : QStringLiteral(" (%1)").arg(a.agreement.alphaNote))
            << '\n';
}

void printVerifierReplies(QTextStream &out, verify::ExampleStore &store, qint64 exampleId, bool full)
{
    const verify::ExampleAssessment a = store.assess(exampleId);
    const verify::VerdictCache cache = store.verdicts(exampleId);
    QStringList verifiers;
    for (const verify::VerifierConfig &v : store.verifiers())
        verifiers << v.name;
    bool header = false;
    for (int r = 0; r < a.matrix.rules.size(); ++r) {
        const verify::VerificationRule &rule = a.matrix.rules[r];
        if (rule.isStringRule())
            continue;
        for (const verify::VerdictRow &row : a.matrix.rows) {
            for (const QString &verifier : verifiers) {
                const auto record = cache.find(rule, verifier, row.translation);
                if (!record)
                    continue;
                if (!header) {
                    out << "verifier replies (rule, verifier, row, verdict, reply" << (full ? "" : "; --full-replies for whole replies") << "):\n";
                    header = true;
                }
                QString reply = record->rawReply;
                if (!full) {
                    reply = reply.simplified();
                    if (reply.size() > 160)
                        reply = reply.left(157) + QStringLiteral("...");
                }
                out << "  rule " << (r + 1) << '\t' << verifier << '\t' << row.label << '\t' << verify::verdictName(record->verdict) << '\t'
                    << (reply.isEmpty() ? QStringLiteral("(empty reply)") : reply) << '\n';
            }
        }
    }
}

void printExample(QTextStream &out, verify::ExampleStore &store, const verify::ChallengeExample &e, bool fullReplies)
{
    auto iso = [](const QString &code) { return code.isEmpty() ? QString() : QStringLiteral(" [%1]").arg(code); };
    out << "example " << e.id << " (" << verify::exampleStatusName(e.status) << ", by " << e.author << ")\n"
        << "languages: " << e.sourceLanguage << iso(e.sourceLanguageIso) << " -> " << e.targetLanguage << iso(e.targetLanguageIso) << '\n'
        << "source: " << e.sourceText << '\n';
    if (!e.instructions.isEmpty())
        out << "instructions: " << e.instructions << '\n';
    if (!e.contextNote.isEmpty())
        out << "context: " << e.contextNote << '\n';
    if (!e.attribution.isEmpty())
        out << "attribution: " << e.attribution << '\n';
    out << "reference: " << e.reference << '\n';
    if (!e.linguistics.isEmpty())
        out << "linguistics: " << e.linguistics.join(QStringLiteral(", ")) << '\n';
    if (!e.tags.isEmpty())
        out << "tags: " << e.tags.join(QStringLiteral(", ")) << '\n';
    printExampleProvenance(out, store.database(), e);  // issue 21: an example made from an augmentation run
    const QVector<verify::StoredRule> rules = store.rules(e.id);
    QStringList ruleTexts;
    for (const verify::StoredRule &r : rules)
        ruleTexts << r.rule.text;
    const evaluate::ExampleRuleEvidence evidence = evaluate::ruleFormEvidence(store.database(), e.id, ruleTexts);
    for (int i = 0; i < rules.size(); ++i) {
        out << "rule " << (i + 1) << " (" << verify::ruleKindName(rules[i].rule.kind) << "): " << rules[i].rule.text;
        // Issue 19, item 13: what annotators said of the rule in Evaluate's rule form.
        if (const evaluate::RuleFormCounts &c = evidence.rules[i]; c.total() > 0)
            out << "   [rule form: " << c.realistic << " realistic, " << c.tooStrict << " too strict, " << c.notSure << " not sure]";
        out << '\n';
    }
    if (!evidence.isEmpty())
        out << "rule form: could an incorrect translation pass all rules? " << evidence.incorrectCouldPassYes << " yes, "
            << evidence.incorrectCouldPassNo << " no (campaigns: " << evidence.campaigns.join(QStringLiteral(", ")) << ")\n";
    for (const verify::StoredTranslation &t : store.translations(e.id))
        out << "output " << t.system << ": " << (t.text.isEmpty() ? QStringLiteral("(none: %1)").arg(t.error) : t.text) << '\n';
    printAssessment(out, store.assess(e.id));
    printVerifierReplies(out, store, e.id, fullReplies);
    for (const verify::ExampleEvent &ev : store.history(e.id))
        out << "history: " << ev.createdAt << ' ' << ev.author << ' ' << ev.kind << ' ' << ev.toStatus
            << (ev.comment.isEmpty() ? QString() : QStringLiteral(": ") + ev.comment) << '\n';
}

}  // namespace gauntlet::cli
