#include "engine/translate/chat_client.h"
#include "engine/core/arg_text.h"

#include "engine/translate/translate_error.h"

#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QRegularExpression>
#include <QTimer>

#include <cmath>

namespace gauntlet::translate {

namespace {

QString endpointError(const QString &field, const QString &reason)
{
    return QStringLiteral("endpoint %1: %2").arg(field, reason);
}

int readInt(const QJsonObject &json, const char *key, int fallback)
{
    const QJsonValue v = json.value(QLatin1String(key));
    if (v.isUndefined() || v.isNull())
        return fallback;
    if (!v.isDouble() || v.toDouble() != std::floor(v.toDouble()))
        throw TranslateError(endpointError(QLatin1String(key), QStringLiteral("expected a whole number")));
    return v.toInt();
}

QString readString(const QJsonObject &json, const char *key)
{
    const QJsonValue v = json.value(QLatin1String(key));
    if (v.isUndefined() || v.isNull())
        return {};
    if (!v.isString())
        throw TranslateError(endpointError(QLatin1String(key), QStringLiteral("expected a string")));
    return v.toString();
}

/// A short, single-line excerpt of a reply body for error messages.
QString bodyExcerpt(const QByteArray &body)
{
    QString text = QString::fromUtf8(body.left(300)).simplified();
    if (body.size() > 300)
        text += QStringLiteral("...");
    return text;
}

}  // namespace

QUrl ChatEndpoint::completionsUrl() const
{
    QString base = baseUrl.trimmed();
    const QUrl parsed(base, QUrl::StrictMode);
    if (base.isEmpty())
        throw TranslateError(endpointError(QStringLiteral("base URL"), QStringLiteral("is empty")));
    if (!parsed.isValid() || (parsed.scheme() != QLatin1String("http") && parsed.scheme() != QLatin1String("https"))
        || parsed.host().isEmpty())
        throw TranslateError(endpointError(QStringLiteral("base URL"),
                                           QStringLiteral("'%1' is not an http:// or https:// URL").arg(base)));
    // Credentials belong in the environment, never in a stored, printed URL (issue 39).
    if (!parsed.userInfo().isEmpty())
        throw TranslateError(endpointError(QStringLiteral("base URL"),
                                           QStringLiteral("carries credentials (user:password@); put the key in an environment variable "
                                                          "and name it with --api-key-env")));
    // The path gets /chat/completions; a query (Azure's ?api-version=) stays after it.
    QUrl url = parsed;
    QString path = url.path();
    while (path.endsWith(u'/'))
        path.chop(1);
    if (!path.endsWith(QLatin1String("/chat/completions")))
        path += QStringLiteral("/chat/completions");
    url.setPath(path);
    return url;
}

bool looksLikeApiKey(const QString &value)
{
    // Providers' key prefixes, and long mixed strings with digits that no one names a variable.
    static const QStringList prefixes{QStringLiteral("sk-"),  QStringLiteral("sk_"),   QStringLiteral("hf_"),  QStringLiteral("gsk_"),
                                      QStringLiteral("AIza"), QStringLiteral("xai-"),  QStringLiteral("ghp_"), QStringLiteral("github_pat_"),
                                      QStringLiteral("glpat-"), QStringLiteral("pk_"), QStringLiteral("rk_"),  QStringLiteral("r8_")};
    for (const QString &p : prefixes)
        if (value.startsWith(p))
            return true;
    bool lower = false, digit = false;
    for (const QChar c : value) {
        lower = lower || c.isLower();
        digit = digit || c.isDigit();
    }
    return value.size() >= 24 && lower && digit;
}

void ChatEndpoint::validate() const
{
    completionsUrl();
    if (model.trimmed().isEmpty())
        throw TranslateError(endpointError(QStringLiteral("model"), QStringLiteral("is empty")));
    if (!(temperature >= 0.0 && temperature <= 2.0))
        throw TranslateError(endpointError(QStringLiteral("temperature"),
                                           QStringLiteral("%1 is outside 0 to 2").arg(temperature)));
    if (timeoutMs < 100 || timeoutMs > 3600 * 1000)
        throw TranslateError(endpointError(QStringLiteral("timeout"),
                                           QStringLiteral("%1 ms is outside 100 ms to 1 h").arg(timeoutMs)));
    if (maxRetries < 0 || maxRetries > 10)
        throw TranslateError(endpointError(QStringLiteral("retries"), QStringLiteral("%1 is outside 0 to 10").arg(maxRetries)));
    if (initialBackoffMs < 0 || initialBackoffMs > 60000)
        throw TranslateError(endpointError(QStringLiteral("backoff"),
                                           QStringLiteral("%1 ms is outside 0 to 60 s").arg(initialBackoffMs)));
    static const QRegularExpression variableName(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
    if (!apiKeyVariable.isEmpty() && (!variableName.match(apiKeyVariable).hasMatch() || looksLikeApiKey(apiKeyVariable)))
        throw TranslateError(endpointError(QStringLiteral("API key variable"),
                                           QStringLiteral("'%1' is not an environment variable name (letters, digits, _); "
                                                          "give the variable's name, not the key")
                                               .arg(apiKeyVariable.left(3) + QStringLiteral("..."))));
}

QJsonObject ChatEndpoint::toJson() const
{
    return QJsonObject{
        {QStringLiteral("base_url"), baseUrl},
        {QStringLiteral("model"), model},
        {QStringLiteral("api_key_variable"), apiKeyVariable},
        {QStringLiteral("temperature"), temperature},
        {QStringLiteral("timeout_ms"), timeoutMs},
        {QStringLiteral("max_retries"), maxRetries},
        {QStringLiteral("initial_backoff_ms"), initialBackoffMs},
    };
}

ChatEndpoint ChatEndpoint::fromJson(const QJsonObject &json)
{
    ChatEndpoint e;
    e.baseUrl = readString(json, "base_url");
    e.model = readString(json, "model");
    e.apiKeyVariable = readString(json, "api_key_variable");
    const QJsonValue t = json.value(QLatin1String("temperature"));
    if (!t.isUndefined() && !t.isNull()) {
        if (!t.isDouble())
            throw TranslateError(endpointError(QStringLiteral("temperature"), QStringLiteral("expected a number")));
        e.temperature = t.toDouble();
    }
    e.timeoutMs = readInt(json, "timeout_ms", e.timeoutMs);
    e.maxRetries = readInt(json, "max_retries", e.maxRetries);
    e.initialBackoffMs = readInt(json, "initial_backoff_ms", e.initialBackoffMs);
    return e;
}

bool parseChatCompletionBody(const QByteArray &body, QString *content, QString *error)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(body, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        *error = QStringLiteral("the reply is not valid JSON (%1 at byte %2): %3")
                     .arg(core::argText(parseError.errorString()), core::argText(parseError.offset), core::argText(bodyExcerpt(body)));
        return false;
    }
    const QJsonArray choices = doc.object().value(QLatin1String("choices")).toArray();
    if (!doc.isObject() || choices.isEmpty() || !choices.first().isObject()) {
        *error = QStringLiteral("the reply has no choices[0]: %1").arg(bodyExcerpt(body));
        return false;
    }
    const QJsonValue value = choices.first().toObject().value(QLatin1String("message")).toObject().value(QLatin1String("content"));
    if (!value.isString()) {
        *error = QStringLiteral("the reply has no choices[0].message.content string: %1").arg(bodyExcerpt(body));
        return false;
    }
    *content = value.toString();
    return true;
}

ChatCompletionCall::ChatCompletionCall(QNetworkAccessManager *network, ChatEndpoint endpoint, QString prompt, QObject *parent)
    : QObject(parent), m_network(network), m_endpoint(std::move(endpoint)), m_prompt(std::move(prompt)),
      m_attemptTimer(new QTimer(this)), m_backoffTimer(new QTimer(this))
{
    m_attemptTimer->setSingleShot(true);
    m_backoffTimer->setSingleShot(true);
    m_backoffTimer->setTimerType(Qt::PreciseTimer);
    connect(m_attemptTimer, &QTimer::timeout, this, &ChatCompletionCall::onAttemptTimeout);
    connect(m_backoffTimer, &QTimer::timeout, this, &ChatCompletionCall::sendAttempt);
}

ChatCompletionCall::~ChatCompletionCall()
{
    if (m_current) {
        m_current->disconnect(this);
        m_current->abort();
        m_current->deleteLater();
    }
}

QByteArray ChatCompletionCall::requestBody() const
{
    const QJsonObject body{
        {QStringLiteral("model"), m_endpoint.model},
        {QStringLiteral("messages"),
         QJsonArray{QJsonObject{{QStringLiteral("role"), QStringLiteral("user")}, {QStringLiteral("content"), m_prompt}}}},
        {QStringLiteral("temperature"), m_endpoint.temperature},
        {QStringLiteral("stream"), false},
    };
    return QJsonDocument(body).toJson(QJsonDocument::Compact);
}

QString ChatCompletionCall::redact(QString text) const
{
    if (m_apiKey.size() >= 1)
        text.replace(m_apiKey, QStringLiteral("[API key]"));
    return text;
}

void ChatCompletionCall::start()
{
    try {
        m_endpoint.validate();
        m_url = m_endpoint.completionsUrl();
    } catch (const TranslateError &e) {
        // finish() asynchronously so callers can connect after start() as well as before.
        const QString message = QString::fromStdString(e.what());
        QTimer::singleShot(0, this, [this, message] { finish(false, message); });
        return;
    }
    if (!m_endpoint.apiKeyVariable.isEmpty()) {
        m_apiKey = qEnvironmentVariable(m_endpoint.apiKeyVariable.toUtf8().constData());
        if (m_apiKey.isEmpty()) {
            const QString message = QStringLiteral("%1: the environment variable %2 that should hold the API key is not set")
                                        .arg(m_url.toString(), m_endpoint.apiKeyVariable);
            QTimer::singleShot(0, this, [this, message] { finish(false, message); });
            return;
        }
    }
    sendAttempt();
}

void ChatCompletionCall::sendAttempt()
{
    if (m_done)
        return;
    ++m_reply.attempts;
    m_timedOut = false;
    QNetworkRequest request(m_url);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
    request.setRawHeader("Accept", "application/json");
    if (!m_apiKey.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + m_apiKey.toUtf8());
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::NoLessSafeRedirectPolicy);
    m_current = m_network->post(request, requestBody());
    connect(m_current, &QNetworkReply::finished, this, &ChatCompletionCall::onReplyFinished);
    m_attemptTimer->start(m_endpoint.timeoutMs);
}

void ChatCompletionCall::onAttemptTimeout()
{
    if (!m_current)
        return;
    m_timedOut = true;
    m_current->abort();  // emits finished() -> onReplyFinished
}

void ChatCompletionCall::onReplyFinished()
{
    QNetworkReply *reply = m_current;
    if (!reply || sender() != reply)
        return;
    m_attemptTimer->stop();
    m_current = nullptr;
    reply->deleteLater();
    if (m_done)
        return;

    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    m_reply.httpStatus = status;
    const QByteArray body = reply->isOpen() ? reply->readAll() : QByteArray();
    const QString where = m_url.toString();

    QString reason;
    bool retryable = false;
    if (m_timedOut) {
        reason = QStringLiteral("no reply within %1 ms").arg(m_endpoint.timeoutMs);
        retryable = true;
    } else if (status == 0) {
        reason = reply->errorString();
        retryable = true;
    } else if (status == 429 || status >= 500) {
        reason = QStringLiteral("HTTP %1: %2").arg(core::argText(status), core::argText(bodyExcerpt(body)));
        retryable = true;
    } else if (status == 401 || status == 403) {  // the key: say where it comes from (issue 19)
        reason = QStringLiteral("HTTP %1: %2 (the API key comes from the environment variable %3; is it set and valid?)")
                     .arg(core::argText(status), core::argText(bodyExcerpt(body)), core::argText(m_endpoint.apiKeyVariable.isEmpty() ? QStringLiteral("(none: add --api-key-env VAR)") : m_endpoint.apiKeyVariable));
    } else if (status >= 300 && status < 400) {
        // A redirect Qt did not follow: a loop (Qt stops after its limit), a change of scheme, or
        // no Location. Say where it pointed (issue 39: a loop ended in a bare "HTTP 307:").
        const QString location = QString::fromUtf8(reply->rawHeader("Location"));
        reason = reply->error() == QNetworkReply::TooManyRedirectsError
                     ? QStringLiteral("HTTP %1: too many redirects (a redirect loop?), last to %2").arg(core::argText(status), core::argText(location.isEmpty() ? QStringLiteral("?") : location))
                 : location.isEmpty() ? QStringLiteral("HTTP %1: a redirect without a Location header").arg(status)
                                      : QStringLiteral("HTTP %1: redirected to %2, which was not followed (the base URL may need to be that address)")
                                            .arg(core::argText(status), core::argText(location));
    } else if (status < 200 || status >= 300) {
        reason = QStringLiteral("HTTP %1: %2").arg(core::argText(status), core::argText(bodyExcerpt(body)));
    } else {
        QString content;
        if (parseChatCompletionBody(body, &content, &reason)) {
            // A reply is stored and printed: a runaway one (50 MB made a 210 MB project) is a
            // failure like any other, quoted by its beginning and length (issue 39).
            if (content.size() <= MaxReplyCharacters) {
                finish(true, content);
                return;
            }
            reason = QStringLiteral("the reply holds %1 characters, more than the %2 accepted (it begins: %3...)")
                         .arg(content.size())
                         .arg(MaxReplyCharacters)
                         .arg(content.left(80).simplified());
        }
    }

    const int retriesDone = m_reply.attempts - 1;
    if (retryable && retriesDone < m_endpoint.maxRetries) {
        qint64 wait = qint64(m_endpoint.initialBackoffMs) << retriesDone;
        // A server that says when to come back (429/503 Retry-After, in seconds) is obeyed, up to a minute.
        bool hasRetryAfter = false;
        const int retryAfter = reply->rawHeader("Retry-After").trimmed().toInt(&hasRetryAfter);
        if (hasRetryAfter && retryAfter > 0)
            wait = std::max<qint64>(wait, std::min(retryAfter, 60) * 1000LL);
        const int delay = int(std::min<qint64>(wait, 5 * 60 * 1000));
        Q_EMIT retrying(m_reply.attempts, redact(reason), delay);
        m_backoffTimer->start(delay);
        return;
    }
    QString message = QStringLiteral("%1: %2").arg(where, reason);
    if (m_reply.attempts > 1)
        message += QStringLiteral(" (after %1 attempts)").arg(m_reply.attempts);
    finish(false, message);
}

void ChatCompletionCall::cancel()
{
    if (m_done)
        return;
    m_reply.cancelled = true;
    m_backoffTimer->stop();
    m_attemptTimer->stop();
    if (m_current) {
        QNetworkReply *reply = m_current;
        m_current = nullptr;
        reply->disconnect(this);
        reply->abort();
        reply->deleteLater();
    }
    finish(false, QStringLiteral("%1: cancelled").arg(m_url.isValid() ? m_url.toString() : m_endpoint.baseUrl));
}

void ChatCompletionCall::finish(bool ok, const QString &contentOrError)
{
    if (m_done)
        return;
    m_done = true;
    m_reply.ok = ok;
    if (ok)
        m_reply.content = contentOrError;
    else
        m_reply.error = redact(contentOrError);
    Q_EMIT finished();
}

ChatReply callChatCompletionBlocking(const ChatEndpoint &endpoint, const QString &prompt)
{
    QNetworkAccessManager network;
    ChatCompletionCall call(&network, endpoint, prompt);
    QEventLoop loop;
    QObject::connect(&call, &ChatCompletionCall::finished, &loop, &QEventLoop::quit);
    call.start();
    loop.exec();
    return call.reply();
}

}  // namespace gauntlet::translate
