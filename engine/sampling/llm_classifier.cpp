#include "engine/sampling/llm_classifier.h"
#include "engine/core/arg_text.h"

#include "engine/sampling/sampling_error.h"
#include "engine/translate/translate_error.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

#include <algorithm>
#include <numeric>

namespace gauntlet::sampling {

QString buildClassificationPrompt(const Taxonomy &taxonomy, const QVector<ClassifierInput> &batch, int maxSecondary)
{
    QString prompt = QStringLiteral(
        "You classify translation segments into the categories of a taxonomy of translation phenomena.\n"
        "Use only these category paths, exactly as written:\n");
    for (const TaxonomyCategory &c : taxonomy.categories) {
        if (c.kind != CategoryKind::Semantic)
            continue;
        prompt += QStringLiteral("- %1").arg(c.path);
        if (!c.description.isEmpty())
            prompt += QStringLiteral(": %1").arg(c.description);
        prompt += u'\n';
    }
    prompt += QStringLiteral("\nSegments:\n");
    for (int i = 0; i < batch.size(); ++i) {
        prompt += QStringLiteral("%1. source: %2\n").arg(i + 1).arg(batch[i].source);
        if (!batch[i].target.isEmpty())
            prompt += QStringLiteral("   translation: %1\n").arg(batch[i].target);
        if (!batch[i].context.isEmpty())
            prompt += QStringLiteral("   previous sentence: %1\n").arg(batch[i].context);
    }
    prompt += QStringLiteral(
        "\nFor every segment give its primary category and at most %1 secondary categories that the segment "
        "clearly exhibits, each with a confidence between 0 and 1; give an empty list when none applies.\n"
        "Answer with JSON only, one object per segment:\n"
        "[{\"id\": 1, \"labels\": [{\"category\": \"<path>\", \"confidence\": 0.9}]}]\n").arg(maxSecondary);
    return prompt;
}

QVector<SegmentLabels> parseClassificationReply(const QString &content, const Taxonomy &taxonomy, int count, LlmReplyStats *stats,
                                                QVector<int> *missing)
{
    QSet<QString> semantic;
    for (const TaxonomyCategory &c : taxonomy.categories) {
        if (c.kind == CategoryKind::Semantic)
            semantic.insert(c.path);
    }
    const qsizetype start = content.indexOf(u'[');
    const qsizetype end = content.lastIndexOf(u']');
    if (start < 0 || end < start)
        throw SamplingError(QStringLiteral("the classifier's reply holds no JSON array: '%1'").arg(content.left(200)));
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(content.mid(start, end - start + 1).toUtf8(), &error);
    if (error.error != QJsonParseError::NoError || !doc.isArray())
        throw SamplingError(QStringLiteral("the classifier's reply is not a JSON array (%1): '%2'").arg(error.errorString(), content.left(200)));
    QVector<SegmentLabels> result(count);
    QVector<char> seen(count, 0);
    LlmReplyStats local;
    for (const QJsonValue &v : doc.array()) {
        if (!v.isObject() || !v.toObject().value(QStringLiteral("id")).isDouble())
            throw SamplingError(QStringLiteral("the classifier's reply has an element without a numeric \"id\""));
        const QJsonObject o = v.toObject();
        const int id = o.value(QStringLiteral("id")).toInt();
        if (id < 1 || id > count || seen[id - 1])
            continue;
        seen[id - 1] = 1;
        SegmentLabels labels;
        for (const QJsonValue &l : o.value(QStringLiteral("labels")).toArray()) {
            const QJsonObject lo = l.toObject();
            const QString path = lo.value(QStringLiteral("category")).toString().trimmed();
            if (!semantic.contains(path)) {
                ++local.invalidPaths;
                continue;
            }
            if (std::any_of(labels.begin(), labels.end(), [&](const SegmentLabel &x) { return x.category == path; }))
                continue;
            const double fallback = labels.isEmpty() ? 1.0 : 0.5;
            const double confidence = std::clamp(lo.value(QStringLiteral("confidence")).toDouble(fallback), 0.0, 1.0);
            labels.append({path, confidence, LabelOrigin::Classifier});
        }
        result[id - 1] = labels;
    }
    local.missingIds = int(std::count(seen.begin(), seen.end(), 0));
    if (missing)
        for (int i = 0; i < count; ++i)
            if (!seen[i])
                missing->append(i);
    if (stats) {
        stats->invalidPaths += local.invalidPaths;
        stats->missingIds += local.missingIds;
    }
    return result;
}

LlmCategoryClassifier::LlmCategoryClassifier(Taxonomy taxonomy, translate::ChatEndpoint endpoint, Options options)
    : m_taxonomy(std::move(taxonomy)), m_endpoint(std::move(endpoint)), m_options(options)
{
    if (std::none_of(m_taxonomy.categories.begin(), m_taxonomy.categories.end(),
                     [](const TaxonomyCategory &c) { return c.kind == CategoryKind::Semantic; }))
        throw SamplingError(QStringLiteral("taxonomy '%1' has no semantic categories for the LLM classifier").arg(m_taxonomy.name));
    if (m_options.batchSize < 1 || m_options.maxSecondary < 0)
        throw SamplingError(QStringLiteral("LLM classifier: batch size must be >= 1 and max secondary >= 0"));
    try {
        m_endpoint.validate();
    } catch (const translate::TranslateError &e) {
        throw SamplingError(QString::fromStdString(e.what()));
    }
}

void insertLlmAudit(QJsonObject &settings, const LlmReplyStats &stats)
{
    settings.insert(QStringLiteral("llm_invalid_labels"), stats.invalidPaths);
    settings.insert(QStringLiteral("llm_asked_again"), stats.askedAgain);
    settings.insert(QStringLiteral("llm_unanswered"), stats.missingIds);
    settings.insert(QStringLiteral("llm_replies"), QJsonArray::fromStringList(stats.replies));
}

QString llmAuditSummary(const LlmReplyStats &stats)
{
    return QStringLiteral("LLM classifier: %1 labels named no category of the taxonomy and were dropped; %2 segments left out of a "
                          "reply were asked again; %3 stayed unanswered and have no semantic category; %4 replies kept with the labelling")
        .arg(core::argText(stats.invalidPaths), core::argText(stats.askedAgain), core::argText(stats.missingIds), core::argText(stats.replies.size()));
}

QVector<SegmentLabels> LlmCategoryClassifier::classify(const QVector<ClassifierInput> &inputs)
{
    QVector<SegmentLabels> result;
    result.reserve(inputs.size());
    for (int first = 0; first < inputs.size(); first += m_options.batchSize) {
        const QVector<ClassifierInput> batch = inputs.mid(first, m_options.batchSize);
        QVector<SegmentLabels> labels(batch.size());
        QVector<int> pending(batch.size());  // positions in `batch` still to be answered
        std::iota(pending.begin(), pending.end(), 0);
        for (int attempt = 0; attempt < 3 && !pending.isEmpty(); ++attempt) {
            QVector<ClassifierInput> asked;
            for (int p : std::as_const(pending))
                asked.append(batch[p]);
            if (attempt > 0)
                m_stats.askedAgain += int(asked.size());
            const translate::ChatReply reply = translate::callChatCompletionBlocking(m_endpoint, buildClassificationPrompt(m_taxonomy, asked, m_options.maxSecondary));
            if (!reply.ok)
                throw SamplingError(QStringLiteral("LLM classifier, segments %1-%2: %3").arg(first + 1).arg(first + batch.size()).arg(reply.error));
            m_stats.replies.append(reply.content);
            QVector<int> missing;
            LlmReplyStats one;
            QVector<SegmentLabels> got;
            try {
                got = parseClassificationReply(reply.content, m_taxonomy, int(asked.size()), &one, &missing);
            } catch (const SamplingError &e) {
                throw SamplingError(QStringLiteral("LLM classifier, segments %1-%2: %3").arg(first + 1).arg(first + batch.size()).arg(QString::fromStdString(e.what())));
            }
            m_stats.invalidPaths += one.invalidPaths;
            QVector<int> still;
            for (int i = 0; i < asked.size(); ++i) {
                if (missing.contains(i))
                    still.append(pending[i]);
                else
                    labels[pending[i]] = got[i];
            }
            pending = still;
        }
        m_stats.missingIds += int(pending.size());
        for (SegmentLabels &l : labels) {
            if (l.size() > 1 + m_options.maxSecondary)
                l.resize(1 + m_options.maxSecondary);
            result.append(l);
        }
    }
    return result;
}

}  // namespace gauntlet::sampling
