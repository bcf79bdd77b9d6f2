// A client for OpenAI-compatible chat-completions endpoints (vLLM, llama.cpp server, Ollama,
// OpenRouter, ...): POST {base URL}/chat/completions with one user message, the reply's
// choices[0].message.content back. Used by chat MT systems and LLM verifiers (LTB, papers.md).
#pragma once

#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QUrl>

class QNetworkAccessManager;
class QNetworkReply;
class QTimer;

namespace gauntlet::translate {

/// Where and how to call one chat-completions endpoint. The API key itself is never stored: only
/// the NAME of the environment variable that holds it.
struct ChatEndpoint {
    QString baseUrl;             ///< e.g. "http://127.0.0.1:8000/v1"; a URL ending in /chat/completions is used as is
    QString model;               ///< the model name the server expects
    QString apiKeyVariable;      ///< environment variable holding the key; empty: no Authorization header
    double temperature = 0.0;    ///< 0 to 2
    int timeoutMs = 60000;       ///< per attempt, 100 ms to 1 h
    int maxRetries = 3;          ///< extra attempts on 429, 5xx, network errors and timeouts; 0 to 10
    int initialBackoffMs = 1000; ///< wait before the first retry, doubled for each further one; 0 to 60 s
                                 ///< (a Retry-After header of up to 60 s makes it longer)

    /// The URL requests go to. Throws TranslateError when baseUrl is not an http(s) URL.
    QUrl completionsUrl() const;
    /// Throws TranslateError naming the first bad field (as "endpoint <field>: reason").
    void validate() const;
    QJsonObject toJson() const;
    /// Missing fields keep their defaults; throws TranslateError on a wrongly typed field.
    static ChatEndpoint fromJson(const QJsonObject &json);
};

/// The outcome of one call, after all its attempts.
struct ChatReply {
    bool ok = false;
    bool cancelled = false;
    QString content;   ///< choices[0].message.content when ok
    QString error;     ///< one line naming the URL when !ok; never contains the API key
    int attempts = 0;
    int httpStatus = 0;  ///< of the last attempt; 0 when no HTTP reply came
};

/// Whether `value` looks like an API key rather than the name of the variable holding one: a
/// provider's key prefix (sk-, hf_, gsk_, AIza, ghp_, ...) or 24+ characters mixing lower case
/// and digits. ChatEndpoint::validate refuses such an --api-key-env (issue 39: it was stored and
/// printed).
bool looksLikeApiKey(const QString &value);

/// The longest reply content accepted (characters): a translation or a verifier's reply is far
/// shorter; a longer one fails the call, quoted by its beginning and length.
inline constexpr int MaxReplyCharacters = 100000;

/// One chat-completions call with its retries. Lives on the thread of `network`; start() returns
/// at once and finished() is emitted exactly once (also after cancel()).
class ChatCompletionCall : public QObject {
    Q_OBJECT
public:
    ChatCompletionCall(QNetworkAccessManager *network, ChatEndpoint endpoint, QString prompt,
                       QObject *parent = nullptr);
    ~ChatCompletionCall() override;

    void start();
    /// Stops the request or the wait before a retry; finished() follows with reply().cancelled.
    void cancel();
    const ChatReply &reply() const { return m_reply; }
    /// The JSON body sent (model, messages, temperature).
    QByteArray requestBody() const;

Q_SIGNALS:
    /// Attempt `attempt` (1-based) failed with `reason`; the next one starts in `delayMs`.
    void retrying(int attempt, const QString &reason, int delayMs);
    void finished();

private:
    void sendAttempt();
    void onReplyFinished();
    void onAttemptTimeout();
    void finish(bool ok, const QString &contentOrError);
    QString redact(QString text) const;

    QNetworkAccessManager *m_network;
    ChatEndpoint m_endpoint;
    QString m_prompt;
    QString m_apiKey;
    QUrl m_url;
    QPointer<QNetworkReply> m_current;
    QTimer *m_attemptTimer;
    QTimer *m_backoffTimer;
    bool m_timedOut = false;
    bool m_done = false;
    ChatReply m_reply;
};

/// Runs one call to the end in a local event loop (for the command line and tests). Needs a
/// QCoreApplication.
ChatReply callChatCompletionBlocking(const ChatEndpoint &endpoint, const QString &prompt);

/// Extracts choices[0].message.content from a chat-completions reply body. Returns false with a
/// one-line reason in `error` when the body is not JSON or lacks that field.
bool parseChatCompletionBody(const QByteArray &body, QString *content, QString *error);

}  // namespace gauntlet::translate
