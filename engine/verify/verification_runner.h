// Verifies translations against rules: string rules locally, natural-language rules with every
// configured LLM verifier, each unique (rule, translation, verifier) once (LTB verifies each
// unique translation string once, papers.md), so identical outputs never get different verdicts.
#pragma once

#include "engine/verify/verdict.h"
#include "engine/verify/verification_rule.h"
#include "engine/verify/verifier.h"

#include <QHash>
#include <QObject>
#include <QStringList>
#include <QVector>

#include <optional>

class QNetworkAccessManager;

namespace gauntlet::verify {

/// The verifier name of string rules' verdicts (checked locally, not by an LLM).
inline QString localVerifierName() { return QString(); }

struct VerdictRecord {
    Verdict verdict = Verdict::Unknown;
    QString rawReply;   ///< the LLM verifier's reply, verbatim; empty for string rules
    QString error;      ///< why no verdict could be obtained (endpoint down, cancelled); empty when final
    QString createdAt;  ///< when the stored verdict was obtained (UTC, ISO 8601); empty for fresh ones
    bool isFinal() const { return error.isEmpty(); }
};

/// One verdict with what it is about.
struct VerdictEntry {
    QString ruleKey;      ///< VerificationRule::cacheKey()
    QString verifier;     ///< localVerifierName() for string rules
    QString translation;
    VerdictRecord record;
};

/// Verdicts keyed by (rule meaning, verifier, translation text).
class VerdictCache {
public:
    std::optional<VerdictRecord> find(const VerificationRule &rule, const QString &verifier, const QString &translation) const;
    void insert(const VerificationRule &rule, const QString &verifier, const QString &translation, const VerdictRecord &record);
    int size() const { return int(m_records.size()); }
    /// Every entry, in no particular order.
    QVector<VerdictEntry> entries() const { return m_records.values(); }

private:
    static QString key(const QString &ruleKey, const QString &verifier, const QString &translation);
    QHash<QString, VerdictEntry> m_records;
};

class VerificationRunner : public QObject {
    Q_OBJECT
public:
    explicit VerificationRunner(QObject *parent = nullptr);
    ~VerificationRunner() override;

    void setMaxConcurrent(int limit);  ///< LLM calls at once, 1 to 64 (default 4)

    /// Verifies every translation in `translations` (duplicates and empty strings are skipped)
    /// against every rule. Final pass/fail verdicts in `known` are reused, not asked again; non-final
    /// ones (errors) and an LLM verifier's Unknown (a reply that states no verdict) are asked again. Llm rules without any verifier get Unknown with an error. Returns at
    /// once; finished() follows (also when there was nothing to do). Throws VerifyError when a
    /// rule or verifier is invalid, before anything starts.
    void start(const QString &source, const QVector<VerificationRule> &rules, const QStringList &translations,
               const QVector<VerifierConfig> &verifiers, const VerdictCache &known = {});
    void cancel();
    bool isRunning() const { return m_running; }

    /// `known` plus everything verified by this run.
    const VerdictCache &verdicts() const { return m_cache; }
    int verifiedCount() const { return m_verified; }  ///< pairs checked by this run
    int reusedCount() const { return m_reused; }      ///< pairs answered from `known`
    int llmCallCount() const { return m_llmCalls; }   ///< verifier requests sent

    struct Outcome {
        VerdictCache verdicts;
        int verified = 0;
        int reused = 0;
        int llmCalls = 0;
    };
    /// Runs to the end in a local event loop. Needs a QCoreApplication. Throws like start().
    static Outcome runBlocking(const QString &source, const QVector<VerificationRule> &rules,
                               const QStringList &translations, const QVector<VerifierConfig> &verifiers,
                               const VerdictCache &known = {});

Q_SIGNALS:
    void progress(int done, int total);
    /// A newly obtained verdict (not emitted for reused ones).
    void verdictReady(int rule, const QString &translation, const QString &verifier);
    void finished();

private:
    struct Task {
        int rule;
        QString translation;
        int verifier;
    };
    void launchMore();
    void record(int rule, const QString &translation, const QString &verifier, const VerdictRecord &r);
    void taskDone();

    QNetworkAccessManager *m_network;
    int m_maxConcurrent = 4;
    QString m_source;
    QVector<VerificationRule> m_rules;
    QVector<VerifierConfig> m_verifiers;
    VerdictCache m_cache;
    QVector<Task> m_queue;
    QVector<QObject *> m_calls;
    int m_total = 0;
    int m_done = 0;
    int m_verified = 0;
    int m_reused = 0;
    int m_llmCalls = 0;
    bool m_running = false;
    bool m_cancelling = false;
};

}  // namespace gauntlet::verify
