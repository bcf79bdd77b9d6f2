#include "engine/evaluate/campaign.h"
#include "engine/core/arg_text.h"

#include "engine/core/enum_names.h"
#include "engine/core/names.h"
#include "engine/evaluate/evaluate_error.h"
#include "engine/metrics/significance.h"
#include "engine/verify/verification_rule.h"

#include <QSet>

namespace gauntlet::evaluate {

const core::EnumName<Protocol> ProtocolNames[] = {
    {Protocol::Esa, "esa"}, {Protocol::Cesa, "cesa"}, {Protocol::Likert, "likert"}, {Protocol::RuleForm, "rule_form"}};

QString protocolName(Protocol protocol)
{
    return QString::fromLatin1(core::enumNameOrLast(ProtocolNames, protocol));
}

Protocol parseProtocol(const QString &name)
{
    return core::enumFromNameOrThrow(ProtocolNames, name, [&] {
        return EvaluateError(QStringLiteral("unknown protocol '%1' (expected esa, cesa, likert or rule_form)").arg(name));
    });
}

LikertScale LikertScale::named(const QString &name)
{
    if (name == QLatin1String("grammaticality"))
        return {name, {QStringLiteral("incomprehensible"), QStringLiteral("many errors"), QStringLiteral("some errors"),
                       QStringLiteral("minor errors"), QStringLiteral("flawless")}};
    if (name == QLatin1String("plausibility"))
        return {name, {QStringLiteral("implausible"), QStringLiteral("unlikely"), QStringLiteral("possible"),
                       QStringLiteral("likely"), QStringLiteral("entirely natural")}};
    if (name == QLatin1String("translation quality"))
        return {name, {QStringLiteral("no meaning preserved"), QStringLiteral("little meaning preserved"),
                       QStringLiteral("some meaning preserved"), QStringLiteral("most meaning preserved"),
                       QStringLiteral("perfect")}};
    throw EvaluateError(QStringLiteral("unknown Likert scale '%1' (built-in: %2)").arg(name, namedScales().join(QStringLiteral(", "))));
}

QStringList LikertScale::namedScales()
{
    return {QStringLiteral("grammaticality"), QStringLiteral("plausibility"), QStringLiteral("translation quality")};
}

QStringList ruleKindNames()
{
    using Kind = verify::VerificationRule::Kind;
    return {verify::ruleKindName(Kind::Llm), verify::ruleKindName(Kind::Contains), verify::ruleKindName(Kind::NotContains), verify::ruleKindName(Kind::Regex)};
}

const core::EnumName<CheckKind> CheckKindNames[] = {{CheckKind::None, "none"}, {CheckKind::Tutorial, "tutorial"},
                                                    {CheckKind::Loud, "loud"}, {CheckKind::Silent, "silent"},
                                                    {CheckKind::BadReference, "bad"}};

QString checkKindName(CheckKind kind)
{
    return QString::fromLatin1(core::enumNameOrLast(CheckKindNames, kind));
}

CheckKind parseCheckKind(const QString &name)
{
    return core::enumFromNameOrThrow(CheckKindNames, name, [&] {
        return EvaluateError(QStringLiteral("unknown attention check '%1' (expected none, tutorial, loud, silent or bad)").arg(name));
    });
}

bool Campaign::asksRuleForm(int stage) const
{
    if (protocol == Protocol::RuleForm)
        return true;
    return options.ruleForm && (protocol == Protocol::Cesa || protocol == Protocol::Esa) && stage == stages();
}

int Campaign::indexOfItem(const QString &key) const
{
    for (int i = 0; i < items.size(); ++i)
        if (items[i].key == key)
            return i;
    return -1;
}

void Campaign::validate() const
{
    if (const QString problem = core::nameProblem(name, 200); !problem.isEmpty())
        throw EvaluateError(QStringLiteral("the campaign name %1").arg(problem));
    if (options.redundancy < 1)
        throw EvaluateError(QStringLiteral("campaign '%1': redundancy must be at least 1").arg(name));
    if (options.itemsPerAnnotator < 0)
        throw EvaluateError(QStringLiteral("campaign '%1': items per annotator must not be negative").arg(name));
    if (options.twoStage && protocol != Protocol::Cesa)
        throw EvaluateError(QStringLiteral("campaign '%1': two stages are a cESA option").arg(name));
    if (!options.errorTypology.isEmpty() && protocol != Protocol::Esa && protocol != Protocol::Cesa)
        throw EvaluateError(QStringLiteral("campaign '%1': error categories (MQM) need ESA or cESA spans").arg(name));
    if (protocol == Protocol::Likert) {
        if (scales.isEmpty())
            throw EvaluateError(QStringLiteral("campaign '%1': a Likert campaign needs at least one scale").arg(name));
        for (const LikertScale &s : scales)
            if (s.name.trimmed().isEmpty() || s.name.size() > 100 || s.labels.size() != 5)
                throw EvaluateError(QStringLiteral("campaign '%1': Likert scale '%2' needs a name and exactly five labels").arg(name, s.name));
    }
    if (items.isEmpty())
        throw EvaluateError(QStringLiteral("campaign '%1' has no items").arg(name));
    QSet<QString> keys;
    for (const CampaignItem &item : items) {
        const QString where = QStringLiteral("campaign '%1', item '%2'").arg(name, item.key);
        if (item.key.isEmpty() || item.key.size() > 200)
            throw EvaluateError(QStringLiteral("campaign '%1': item keys must be 1 to 200 characters").arg(name));
        if (keys.contains(item.key))
            throw EvaluateError(QStringLiteral("%1: duplicate item key").arg(where));
        keys.insert(item.key);
        const int n = item.translations.size();
        // attention checks and tutorials may show a single translation (Pearmut's cESA tutorials do)
        const bool attention = item.check == CheckKind::Tutorial || item.check == CheckKind::Loud || item.check == CheckKind::Silent;
        if (protocol == Protocol::Cesa && n < (attention ? 1 : 2))
            throw EvaluateError(QStringLiteral("%1: cESA shows at least two translations side by side, found %2").arg(where).arg(n));
        if (protocol == Protocol::Esa && n != 1)
            throw EvaluateError(QStringLiteral("%1: ESA rates exactly one translation, found %2").arg(where).arg(n));
        if (protocol == Protocol::Likert && n < 1)
            throw EvaluateError(QStringLiteral("%1: no translation to rate").arg(where));
        if ((options.twoStage || asksRuleForm(stages())) && item.rules.isEmpty() && item.check == CheckKind::None)
            throw EvaluateError(QStringLiteral("%1: two-stage cESA and the rule form need verification rules").arg(where));
        if (!item.ruleKinds.isEmpty() && item.ruleKinds.size() != item.rules.size())
            throw EvaluateError(QStringLiteral("%1: %2 rule kinds for %3 rules").arg(where).arg(item.ruleKinds.size()).arg(item.rules.size()));
        for (const QString &kind : item.ruleKinds)
            if (!ruleKindNames().contains(kind))
                throw EvaluateError(QStringLiteral("%1: unknown rule kind '%2' (expected %3)").arg(where, kind, ruleKindNames().join(QStringLiteral(", "))));
        QSet<QString> systems;
        for (const CandidateTranslation &t : item.translations) {
            if (const QString problem = core::nameProblem(t.system, 100); !problem.isEmpty())
                throw EvaluateError(QStringLiteral("%1: a system name %2").arg(where, problem));
            if (systems.contains(t.system))
                throw EvaluateError(QStringLiteral("%1: system '%2' appears twice").arg(where, t.system));
            systems.insert(t.system);
            if (t.text.isEmpty())
                throw EvaluateError(QStringLiteral("%1: the translation of '%2' is empty").arg(where, t.system));
            try {
                codePointCount(t.text);
            } catch (const EvaluateError &e) {
                throw EvaluateError(QStringLiteral("%1, system '%2': %3").arg(where, t.system, QString::fromStdString(e.what())));
            }
        }
        if (!item.proposedSpans.isEmpty()) {
            if (item.proposedSpans.size() != n)
                throw EvaluateError(QStringLiteral("%1: proposed spans are given for %2 of %3 translations").arg(where).arg(item.proposedSpans.size()).arg(n));
            for (int i = 0; i < n; ++i)
                validateSpans(item.proposedSpans[i], item.translations[i].text,
                              QStringLiteral("%1, proposed spans of '%2'").arg(where, item.translations[i].system));
        }
        const bool checked = item.check == CheckKind::Tutorial || item.check == CheckKind::Loud || item.check == CheckKind::Silent;
        if (checked) {
            if (item.expected.size() != n)
                throw EvaluateError(QStringLiteral("%1: an attention check needs one expected judgement per translation (%2), found %3").arg(where).arg(n).arg(item.expected.size()));
            for (int i = 0; i < n; ++i) {
                const ExpectedJudgement &e = item.expected[i];
                if (e.minScore < 0 || e.maxScore > 100 || e.minScore > e.maxScore)
                    throw EvaluateError(QStringLiteral("%1: expected score range %2-%3 is not within 0-100").arg(where).arg(e.minScore).arg(e.maxScore));
                if (e.spanRegion) {
                    const int len = codePointCount(item.translations[i].text);
                    if (e.spanRegion->first < 0 || e.spanRegion->second < e.spanRegion->first || e.spanRegion->second >= len)
                        throw EvaluateError(QStringLiteral("%1: expected span region is outside the translation").arg(where));
                }
            }
        } else if (!item.expected.isEmpty()) {
            throw EvaluateError(QStringLiteral("%1: expected judgements are only for tutorial, loud and silent checks").arg(where));
        }
    }
    for (const CampaignItem &item : items) {
        if (item.check == CheckKind::BadReference) {
            const int original = indexOfItem(item.originalKey);
            if (original < 0 || items[original].check == CheckKind::BadReference)
                throw EvaluateError(QStringLiteral("campaign '%1', item '%2': bad-reference item without its original '%3'").arg(name, item.key, item.originalKey));
        } else if (!item.originalKey.isEmpty()) {
            throw EvaluateError(QStringLiteral("campaign '%1', item '%2': only bad-reference items name an original").arg(name, item.key));
        }
        if (!item.pair.isEmpty()) {
            const int other = indexOfItem(item.pairedKey);
            const QString otherRole = item.pair == QLatin1String("seed") ? QStringLiteral("augmented") : QStringLiteral("seed");
            if ((item.pair != QLatin1String("seed") && item.pair != QLatin1String("augmented")) || other < 0 || items[other].pair != otherRole
                || items[other].pairedKey != item.key)
                throw EvaluateError(QStringLiteral("campaign '%1', item '%2': a paired item ('%3') needs its %4 item '%5' paired back")
                                        .arg(name, item.key, item.pair, otherRole, item.pairedKey));
        }
    }
}

QVector<MissingPart> missingParts(const Campaign &campaign, const CampaignItem &item, const Answer &answer,
                                  const QVector<int> &systemOrder)
{
    QVector<MissingPart> missing;
    const bool scored = campaign.protocol == Protocol::Esa || campaign.protocol == Protocol::Cesa;
    if (scored) {
        if (answer.judgements.size() != item.translations.size() || systemOrder.size() != item.translations.size())
            throw EvaluateError(QStringLiteral("item '%1': the answer has %2 judgements for %3 translations").arg(core::argText(item.key), core::argText(answer.judgements.size()), core::argText(item.translations.size())));
        for (int pos = 0; pos < answer.judgements.size(); ++pos) {
            const TranslationJudgement &j = answer.judgements[pos];
            const QString &text = item.translations[systemOrder[pos]].text;
            validateSpans(j.spans, text, QStringLiteral("item '%1', translation %2").arg(core::argText(item.key), core::argText(pos + 1)));
            for (const ErrorSpan &s : j.spans)  // a span may lack a category; a named one must be in the tree
                if (!s.category.isEmpty() && !campaign.options.errorTypology.contains(s.category))
                    throw EvaluateError(QStringLiteral("item '%1', translation %2: error category '%3' is not in the campaign's categories")
                                            .arg(core::argText(item.key), core::argText(pos + 1), core::argText(s.category)));
            if (!j.score)
                missing.push_back({MissingPart::Score, pos});
            else if (!isValidScore(*j.score))
                throw EvaluateError(QStringLiteral("item '%1', translation %2: score %3 is not 0-100 in steps of 5").arg(core::argText(item.key), core::argText(pos + 1), core::argText(*j.score)));
        }
    }
    if (campaign.protocol == Protocol::Likert) {
        const int expected = campaign.scales.size() * item.translations.size();
        if (answer.likert.size() != expected)
            throw EvaluateError(QStringLiteral("item '%1': the answer has %2 Likert ratings, expected %3").arg(core::argText(item.key), core::argText(answer.likert.size()), core::argText(expected)));
        for (int i = 0; i < answer.likert.size(); ++i) {
            if (!answer.likert[i])
                missing.push_back({MissingPart::Likert, i});
            else if (*answer.likert[i] < 1 || *answer.likert[i] > 5)
                throw EvaluateError(QStringLiteral("item '%1': Likert rating %2 is not 1-5").arg(core::argText(item.key), core::argText(*answer.likert[i])));
        }
    }
    if (campaign.asksRuleForm(answer.stage) && item.check == CheckKind::None) {
        if (answer.rules.size() != item.rules.size())
            throw EvaluateError(QStringLiteral("item '%1': the rule form has %2 answers for %3 rules").arg(core::argText(item.key), core::argText(answer.rules.size()), core::argText(item.rules.size())));
        for (int i = 0; i < answer.rules.size(); ++i)
            if (!answer.rules[i])
                missing.push_back({MissingPart::Rule, i});
        if (!answer.incorrectCouldPass)
            missing.push_back({MissingPart::IncorrectCouldPass, 0});
    }
    return missing;
}

QVector<int> seededPermutation(int n, std::uint64_t seed)
{
    QVector<int> order(n);
    for (int i = 0; i < n; ++i)
        order[i] = i;
    metrics::SeededRandom random(seed);
    for (int i = n - 1; i > 0; --i)
        std::swap(order[i], order[int(random.below(std::uint64_t(i) + 1))]);
    return order;
}

QString keyWithoutSystem(const QString &key, const QString &system)
{
    for (const QChar separator : {u'#', u':'})
        if (key.endsWith(separator + system) && key.size() > system.size() + 1)
            return key.chopped(system.size() + 1);
    return key;
}

namespace {

/// splitmix64 finaliser: independent seeds per annotator and item from one campaign seed.
std::uint64_t mix(std::uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

}  // namespace

QVector<Assignment> assignItems(const Campaign &campaign, const QStringList &annotators)
{
    const int n = annotators.size();
    if (n == 0)
        throw EvaluateError(QStringLiteral("campaign '%1': no annotators to assign items to").arg(campaign.name));
    if (QSet<QString>(annotators.begin(), annotators.end()).size() != n)
        throw EvaluateError(QStringLiteral("campaign '%1': annotator names repeat").arg(campaign.name));
    for (const QString &a : annotators)
        if (const QString problem = core::nameProblem(a, 100); !problem.isEmpty())
            throw EvaluateError(QStringLiteral("campaign '%1': an annotator name %2").arg(campaign.name, problem));
    const int r = campaign.options.redundancy;
    if (r > n)
        throw EvaluateError(QStringLiteral("campaign '%1': redundancy %2 needs at least %2 annotators, got %3").arg(core::argText(campaign.name), core::argText(r), core::argText(n)));

    QVector<int> tutorials, regular;
    for (int i = 0; i < campaign.items.size(); ++i) {
        const CheckKind k = campaign.items[i].check;
        if (k == CheckKind::Tutorial)
            tutorials << i;
        else if (k != CheckKind::BadReference)
            regular << i;
    }
    // Units of assignment: a document's items together in campaign order (Pearmut and Appraise
    // show a document as one task), else each item on its own.
    QVector<QVector<int>> units;
    QHash<QString, int> unitOfDocument;
    for (int item : std::as_const(regular)) {
        const QString &document = campaign.items[item].document;
        if (document.isEmpty()) {
            units.append(QVector<int>{item});
            continue;
        }
        const auto found = unitOfDocument.constFind(document);
        if (found == unitOfDocument.cend()) {
            unitOfDocument.insert(document, int(units.size()));
            units.append(QVector<int>{item});
        } else {
            units[*found] << item;
        }
    }
    QVector<QVector<int>> perAnnotator(n);  // per annotator: the units (indexes into `units`)
    QVector<int> itemCount(n, 0);
    QHash<int, QVector<int>> annotatorsOfItem;
    for (int k = 0; k < units.size(); ++k)
        for (int c = 0; c < r; ++c) {
            const int a = (k * r + c) % n;
            perAnnotator[a] << k;
            itemCount[a] += int(units[k].size());
            for (int item : std::as_const(units[k]))
                annotatorsOfItem[item] << a;
        }
    QVector<QVector<int>> badItems(n);
    for (int i = 0; i < campaign.items.size(); ++i)
        if (campaign.items[i].check == CheckKind::BadReference)
            for (int a : annotatorsOfItem.value(campaign.indexOfItem(campaign.items[i].originalKey)))
                badItems[a] << i;
    const int limit = campaign.options.itemsPerAnnotator;
    QVector<Assignment> result;
    for (int a = 0; a < n; ++a) {
        const int count = itemCount[a] + int(badItems[a].size());
        if (limit > 0 && count > limit)
            throw EvaluateError(QStringLiteral("campaign '%1': %2 items x redundancy %3 over %4 annotators gives '%5' %6 items, more than the %7 per annotator allowed")
                                    .arg(core::argText(campaign.name), core::argText(regular.size()), core::argText(r), core::argText(n), core::argText(annotators[a]), core::argText(count), core::argText(limit)));
        Assignment assignment;
        assignment.annotator = annotators[a];
        const std::uint64_t annotatorSeed = mix(campaign.options.seed ^ mix(std::uint64_t(a) + 1));
        QVector<int> queue = tutorials;
        // Shuffled as before when no item names a document (the same order for the same seed);
        // with documents, the documents are shuffled and each keeps its items' order.
        QVector<int> entries;
        for (int k : std::as_const(perAnnotator[a]))
            entries << units[k];
        entries << badItems[a];
        if (unitOfDocument.isEmpty()) {
            const QVector<int> order = seededPermutation(int(entries.size()), annotatorSeed);
            for (int o : order)
                queue << entries[o];
        } else {
            QVector<QVector<int>> blocks;
            for (int k : std::as_const(perAnnotator[a]))
                blocks << units[k];
            for (int bad : std::as_const(badItems[a]))
                blocks.append(QVector<int>{bad});
            for (int o : seededPermutation(int(blocks.size()), annotatorSeed))
                queue << blocks[o];
        }
        for (int itemIndex : queue) {
            AssignedItem assigned;
            assigned.itemIndex = itemIndex;
            const int systems = campaign.items[itemIndex].translations.size();
            assigned.systemOrder = campaign.options.shuffleSystems
                                       ? seededPermutation(systems, mix(annotatorSeed ^ mix(std::uint64_t(itemIndex) + 0x1000)))
                                       : seededPermutation(systems, 0);
            if (!campaign.options.shuffleSystems)
                for (int s = 0; s < systems; ++s)
                    assigned.systemOrder[s] = s;
            assignment.items << assigned;
        }
        result << assignment;
    }
    return result;
}

QString shownSystemLabel(const Campaign &campaign, const CampaignItem &item, const AssignedItem &assigned, int position)
{
    if (!campaign.options.hideSystemNames)
        return item.translations[assigned.systemOrder[position]].system;
    return QString(QChar(u'A' + position % 26)) + (position >= 26 ? QString::number(position / 26) : QString());
}

}  // namespace gauntlet::evaluate
