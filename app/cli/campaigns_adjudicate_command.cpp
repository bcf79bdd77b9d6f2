// `gauntlet campaigns adjudicate` and `campaigns adjudications` (issue 20, item 14;
// engine/evaluate/adjudication.h): the non-interactive form of the Evaluate workspace's
// Adjudication view.
#include "app/cli/campaign_cli_support.h"
#include "app/cli/campaigns_interop.h"
#include "engine/core/arg_text.h"

#include "engine/evaluate/adjudication_store.h"
#include "engine/evaluate/evaluate_error.h"
#include "engine/evaluate/campaign_store.h"
#include "engine/store/project.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

namespace gauntlet::cli {

using namespace evaluate;

namespace {

QString spanText(const ErrorSpan &s, const QString &text)
{
    if (s.missing)
        return QStringLiteral("[missing] %1").arg(severityName(s.severity));
    return QStringLiteral("%1-%2 %3 \"%4\"").arg(core::argText(s.start), core::argText(s.end), core::argText(severityName(s.severity)), core::argText(s.textIn(text)));
}

/// "START-END:SEVERITY" or "missing:SEVERITY"; throws EvaluateError naming `option`.
ErrorSpan parseSpanOption(const QString &value, const QString &option)
{
    static const QRegularExpression re(QStringLiteral("^(?:(\\d+)-(\\d+)|missing)(?::(minor|major))?$"));
    const auto m = re.match(value);
    if (!m.hasMatch())
        throw EvaluateError(QStringLiteral("%1 '%2': expected START-END[:minor|major] or missing[:minor|major] (code points, inclusive end)").arg(option, value));
    const Severity severity = m.captured(3).isEmpty() ? Severity::Minor : parseSeverity(m.captured(3));
    if (m.captured(1).isEmpty())
        return ErrorSpan::omission(severity);
    return ErrorSpan{m.captured(1).toInt(), m.captured(2).toInt(), severity, false};
}

void printCase(Context &ctx, const AdjudicationCase &c)
{
    ctx.out << "item\t" << c.itemKey << "\tsystem\t" << c.system << "\tstage\t" << c.stage << "\n";
    ctx.out << "text\t" << c.text << "\n";
    for (const AnnotatorJudgement &j : c.annotators)
        ctx.out << "annotator\t" << j.annotator << "\tscore\t" << (j.score ? QString::number(*j.score) : QStringLiteral("-")) << "\tspans\t"
                << j.spans.size() << "\n";
    for (int g = 0; g < c.groups.size(); ++g) {
        QStringList members;
        for (const AnnotatedSpan &s : c.groups[g].members)
            members << s.annotator + u' ' + spanText(s.span, c.text);
        ctx.out << "group " << (g + 1) << '\t' << (c.groups[g].missing ? QStringLiteral("[missing]") : QStringLiteral("%1-%2").arg(c.groups[g].start).arg(c.groups[g].end))
                << '\t' << members.join(QStringLiteral(" | ")) << "\n";
    }
}

QString provenanceLine(const Adjudication &a)
{
    QStringList spans;
    for (const AdjudicatedSpan &s : a.spans) {
        const QString where = s.span.missing ? QStringLiteral("missing") : QStringLiteral("%1-%2").arg(s.span.start).arg(s.span.end);
        spans << QStringLiteral("%1 %2 %3%4").arg(where, severityName(s.span.severity), spanDecisionName(s.decision),
                                                 s.from.isEmpty() ? QString() : QStringLiteral("(%1)").arg(s.from.join(u',')));
    }
    return QStringList{a.itemKey, a.system, QString::number(a.stage), a.score ? QString::number(*a.score) : QStringLiteral("-"),
                       a.scoreFrom.isEmpty() ? QStringLiteral("by hand") : a.scoreFrom, a.adjudicator, a.adjudicatedAt,
                       spans.isEmpty() ? QStringLiteral("no spans") : spans.join(QStringLiteral("; "))}
               .join(u'\t');
}

int failWith(Context &ctx, const QStringList &args, const std::exception &e)
{
    ctx.err << args[0] << ": " << QString::fromStdString(e.what()) << "\n";
    return ExitFailure;
}

}  // namespace

int campaignsAdjudicate(Context &ctx, const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Stores the adjudicated judgement of one translation as the annotator \"adjudicated\", with provenance. Spans start empty "
        "(or as --accept-from's); --merge-group, --add and --reject change them in that order. Offsets are code points, inclusive end. "
        "--show prints the annotators' spans grouped where they overlap (the group numbers --merge-group takes)."));
    parser.addPositionalArgument(QStringLiteral("campaign"), QStringLiteral("Name, uid or id."));
    const QCommandLineOption item(QStringLiteral("item"), QStringLiteral("Item key."), QStringLiteral("key"));
    const QCommandLineOption system(QStringLiteral("system"), QStringLiteral("System name."), QStringLiteral("name"));
    const QCommandLineOption stage(QStringLiteral("stage"), QStringLiteral("Stage (1 or 2; default 1)."), QStringLiteral("n"), QStringLiteral("1"));
    const QCommandLineOption show(QStringLiteral("show"), QStringLiteral("Print the annotators' spans and scores, store nothing."));
    const QCommandLineOption adjudicator(QStringLiteral("adjudicator"), QStringLiteral("Who adjudicates (required to store)."), QStringLiteral("name"));
    const QCommandLineOption acceptFrom(QStringLiteral("accept-from"), QStringLiteral("Accept every span and the score of this annotator."), QStringLiteral("annotator"));
    const QCommandLineOption mergeGroup(QStringLiteral("merge-group"), QStringLiteral("Merge every span of group N (--show) by union or intersection, replacing the group's accepted spans (repeatable)."),
                                        QStringLiteral("N:union|intersection"));
    const QCommandLineOption add(QStringLiteral("add"), QStringLiteral("Add a span of the adjudicator's own (repeatable)."), QStringLiteral("START-END[:SEVERITY]"));
    const QCommandLineOption reject(QStringLiteral("reject"), QStringLiteral("Drop the span with these offsets (repeatable)."), QStringLiteral("START-END|missing"));
    const QCommandLineOption score(QStringLiteral("score"), QStringLiteral("The final score, set by hand (0-100, steps of 5)."), QStringLiteral("n"));
    const QCommandLineOption scoreFrom(QStringLiteral("score-from"), QStringLiteral("Take this annotator's score."), QStringLiteral("annotator"));
    parser.addOptions({item, system, stage, show, adjudicator, acceptFrom, mergeGroup, add, reject, score, scoreFrom});
    parseArguments(parser, args, ctx);
    if (parser.positionalArguments().size() != 1 || !parser.isSet(item) || !parser.isSet(system)) {
        ctx.err << args[0] << ": expected CAMPAIGN --item KEY --system NAME (see --help)\n";
        return ExitUsage;
    }
    try {
        evaluate::CampaignStore campaigns(ctx.project().database());
        const qint64 id = findCampaign(campaigns, parser.positionalArguments()[0]);
        evaluate::AdjudicationStore store(ctx.project().database());
        const AdjudicationCase c = store.adjudicationCase(id, parser.value(item), parser.value(system), parser.value(stage).toInt());
        if (parser.isSet(show)) {
            printCase(ctx, c);
            return ExitOk;
        }
        if (!parser.isSet(adjudicator)) {
            ctx.err << args[0] << ": --adjudicator NAME is required to store an adjudication\n";
            return ExitUsage;
        }
        Adjudication a;
        if (parser.isSet(acceptFrom))
            a = acceptAnnotator(c, parser.value(acceptFrom));
        a.itemKey = c.itemKey;
        a.system = c.system;
        a.stage = c.stage;
        a.adjudicator = parser.value(adjudicator);
        for (const QString &v : parser.values(mergeGroup)) {
            const QStringList parts = v.split(u':');
            bool ok = false;
            const int g = parts.value(0).toInt(&ok) - 1;
            if (!ok || g < 0 || g >= c.groups.size() || parts.size() != 2)
                throw EvaluateError(QStringLiteral("--merge-group '%1': expected N:union|intersection with N from 1 to %2").arg(v).arg(c.groups.size()));
            const AdjudicatedSpan merged = mergeSpans(c.groups[g].members, parseSpanDecision(parts[1]));
            // the group's spans taken so far give way to the merged span
            a.spans.erase(std::remove_if(a.spans.begin(), a.spans.end(),
                                         [&](const AdjudicatedSpan &s) {
                                             for (const AnnotatedSpan &m : c.groups[g].members)
                                                 if (m.span == s.span)
                                                     return true;
                                             return false;
                                         }),
                          a.spans.end());
            a.spans << merged;
        }
        for (const QString &v : parser.values(add))
            a.spans << AdjudicatedSpan{parseSpanOption(v, QStringLiteral("--add")), SpanDecision::Added, {}};
        for (const QString &v : parser.values(reject)) {
            const ErrorSpan r = parseSpanOption(v, QStringLiteral("--reject"));
            const auto before = a.spans.size();
            a.spans.erase(std::remove_if(a.spans.begin(), a.spans.end(),
                                         [&](const AdjudicatedSpan &s) { return s.span.missing == r.missing && s.span.start == r.start && s.span.end == r.end; }),
                          a.spans.end());
            if (a.spans.size() == before)
                throw EvaluateError(QStringLiteral("--reject '%1': no such span among the adjudicated spans").arg(v));
        }
        std::sort(a.spans.begin(), a.spans.end(), [](const AdjudicatedSpan &x, const AdjudicatedSpan &y) {
            return x.span.missing != y.span.missing ? y.span.missing : x.span.start < y.span.start;
        });
        if (parser.isSet(score)) {
            bool ok = false;
            a.score = parser.value(score).toInt(&ok);
            if (!ok)
                throw EvaluateError(QStringLiteral("--score '%1' is not a number").arg(parser.value(score)));
            a.scoreFrom.clear();
        } else if (parser.isSet(scoreFrom)) {
            bool found = false;
            for (const AnnotatorJudgement &j : c.annotators)
                if (j.annotator == parser.value(scoreFrom)) {
                    a.score = j.score;
                    found = true;
                }
            if (!found)
                throw EvaluateError(QStringLiteral("--score-from: %1 did not judge this translation").arg(parser.value(scoreFrom)));
            a.scoreFrom = parser.value(scoreFrom);
        }
        ctx.out << provenanceLine(store.save(id, a)) << "\n";
        return ExitOk;
    } catch (const std::exception &e) {
        return failWith(ctx, args, e);
    }
}

int campaignsAdjudications(Context &ctx, const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Lists the campaign's adjudications with provenance: item, system, stage, score, whose score "
                                                    "(or \"by hand\"), adjudicator, time, and each span with how it came about."));
    parser.addPositionalArgument(QStringLiteral("campaign"), QStringLiteral("Name, uid or id."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("One JSON array instead of tab-separated lines."));
    parser.addOption(json);
    parseArguments(parser, args, ctx);
    requirePositionals(parser, 1, QStringLiteral("a campaign"));
    try {
        evaluate::CampaignStore campaigns(ctx.project().database());
        const qint64 id = findCampaign(campaigns, parser.positionalArguments()[0]);
        const QVector<Adjudication> all = evaluate::AdjudicationStore(ctx.project().database()).adjudications(id);
        if (parser.isSet(json)) {
            QJsonArray a;
            for (const Adjudication &x : all)
                a.append(adjudicationToJson(x));
            ctx.out << QString::fromUtf8(QJsonDocument(a).toJson(QJsonDocument::Indented));
            return ExitOk;
        }
        ctx.out << "item\tsystem\tstage\tscore\tscore_from\tadjudicator\tadjudicated_at\tspans\n";
        for (const Adjudication &x : all)
            ctx.out << provenanceLine(x) << "\n";
        return ExitOk;
    } catch (const std::exception &e) {
        return failWith(ctx, args, e);
    }
}

}  // namespace gauntlet::cli
