// The LLM semantic classifier (papers.md, TACTICS 3.2.2: "a context-aware classifier whose outputs
// are constrained to valid taxonomy paths"): any configured OpenAI-compatible chat-completions
// endpoint (engine/translate/chat_client.h) is prompted with the taxonomy's semantic category
// paths and a batch of numbered segments; its JSON reply is parsed and every path validated
// against the taxonomy (unknown paths are dropped and counted, never stored).
#pragma once

#include "engine/sampling/classification.h"
#include "engine/translate/chat_client.h"

#include <QJsonObject>
#include <QStringList>

#include <QString>
#include <QVector>

namespace gauntlet::sampling {

/// The prompt for one batch: the semantic categories (path: description), the numbered segments
/// (source, MT, previous segment as context) and the reply format
///   [{"id": 1, "labels": [{"category": "<path>", "confidence": 0.9}, ...]}, ...]
/// (primary category first, at most 1 + maxSecondary labels, [] when none applies).
QString buildClassificationPrompt(const Taxonomy &taxonomy, const QVector<ClassifierInput> &batch, int maxSecondary);

/// What parseClassificationReply kept and dropped, and (LlmCategoryClassifier) what was asked again.
struct LlmReplyStats {
    int invalidPaths = 0;  ///< labels naming no semantic category of the taxonomy (dropped)
    int missingIds = 0;    ///< segments the replies did not mention (after asking again: left unlabelled)
    int askedAgain = 0;    ///< segments sent again because a reply left them out
    QStringList replies;   ///< every reply's content, verbatim, in request order (for audit)
};

/// Parses a reply to buildClassificationPrompt for `count` segments: the first JSON array in
/// `content` (a ```json fence is allowed). Labels with an unknown path are dropped, confidences
/// clamped to [0, 1] (missing: 1.0 for the primary, 0.5 for the others), duplicates and ids
/// outside 1..count ignored. Throws SamplingError when there is no JSON array or an element is not
/// an object with a numeric "id".
/// `missing` (optional) receives the 0-based positions of the segments the reply left out.
QVector<SegmentLabels> parseClassificationReply(const QString &content, const Taxonomy &taxonomy, int count,
                                                LlmReplyStats *stats = nullptr, QVector<int> *missing = nullptr);

/// The audit of a classification with the LLM: "llm_invalid_labels", "llm_asked_again",
/// "llm_unanswered" and "llm_replies" (every reply verbatim) added to a labelling's settings.
void insertLlmAudit(QJsonObject &settings, const LlmReplyStats &stats);
/// One line for the user: labels dropped for unknown paths, segments asked again, segments left
/// unlabelled because no reply named them.
QString llmAuditSummary(const LlmReplyStats &stats);

class LlmCategoryClassifier : public SemanticClassifier {
public:
    struct Options {
        int batchSize = 20;    ///< segments per request (>= 1)
        int maxSecondary = 2;  ///< secondary categories asked for
    };

    /// Throws SamplingError when the taxonomy has no semantic category or the endpoint is invalid.
    LlmCategoryClassifier(Taxonomy taxonomy, translate::ChatEndpoint endpoint, Options options);
    LlmCategoryClassifier(Taxonomy taxonomy, translate::ChatEndpoint endpoint) : LlmCategoryClassifier(std::move(taxonomy), std::move(endpoint), Options()) {}

    QString name() const override { return QStringLiteral("llm:") + m_endpoint.model; }
    /// One blocking request per batch (needs a QCoreApplication); segments a reply leaves out are
    /// sent again, up to twice, in a batch of their own. Throws SamplingError naming the batch when
    /// a request fails after its retries or its reply is not the JSON asked for.
    QVector<SegmentLabels> classify(const QVector<ClassifierInput> &inputs) override;
    /// Totals over every classify() call so far.
    const LlmReplyStats &stats() const { return m_stats; }

private:
    Taxonomy m_taxonomy;
    translate::ChatEndpoint m_endpoint;
    Options m_options;
    LlmReplyStats m_stats;
};

}  // namespace gauntlet::sampling
