// A scripted stand-in for an OpenAI-compatible chat-completions server, for tests only: a
// QTcpServer on 127.0.0.1 that answers each request with the next scripted reply (status, body,
// delay, or no reply at all) and records what it received.
#pragma once

#include <QByteArray>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

#include <functional>

namespace gauntlet::testing {

struct ScriptedReply {
    ScriptedReply(int status = 200, QByteArray body = {}, int delayMs = 0, bool never = false, bool echoAuthorization = false,
                  QByteArray extraHeaders = {})
        : status(status), body(std::move(body)), delayMs(delayMs), never(never), echoAuthorization(echoAuthorization),
          extraHeaders(std::move(extraHeaders))
    {
    }
    int status = 200;
    QByteArray body;
    int delayMs = 0;
    bool never = false;          ///< keep the connection open and never answer
    bool echoAuthorization = false;  ///< append the received Authorization header to the body
    QByteArray extraHeaders;         ///< raw header lines, each ending in \r\n (e.g. "Retry-After: 1\r\n")
};

struct ReceivedRequest {
    QByteArray method;
    QByteArray path;
    QHash<QByteArray, QByteArray> headers;  ///< lower-case names
    QByteArray body;
};

/// The content of the first message of a chat-completions request (the prompt).
inline QString promptOf(const ReceivedRequest &request)
{
    return QJsonDocument::fromJson(request.body)
        .object()
        .value(QStringLiteral("messages"))
        .toArray()[0]
        .toObject()
        .value(QStringLiteral("content"))
        .toString();
}

/// The model a chat-completions request asks for.
inline QString modelOf(const ReceivedRequest &request)
{
    return QJsonDocument::fromJson(request.body).object().value(QStringLiteral("model")).toString();
}

/// A reply body as an OpenAI-compatible server sends it.
inline QByteArray chatBody(const QString &content)
{
    const QJsonObject message{{QStringLiteral("role"), QStringLiteral("assistant")}, {QStringLiteral("content"), content}};
    const QJsonObject choice{{QStringLiteral("index"), 0}, {QStringLiteral("message"), message},
                             {QStringLiteral("finish_reason"), QStringLiteral("stop")}};
    return QJsonDocument(QJsonObject{{QStringLiteral("id"), QStringLiteral("cmpl-1")},
                                     {QStringLiteral("object"), QStringLiteral("chat.completion")},
                                     {QStringLiteral("choices"), QJsonArray{choice}}})
        .toJson(QJsonDocument::Compact);
}

class FakeChatServer : public QObject {
public:
    FakeChatServer()
    {
        m_server.listen(QHostAddress::LocalHost, 0);
        QObject::connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *socket = m_server.nextPendingConnection()) {
                m_buffers.insert(socket, {});
                QObject::connect(socket, &QTcpSocket::readyRead, this, [this, socket] { onReadyRead(socket); });
                QObject::connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
            }
        });
    }

    QString baseUrl() const { return QStringLiteral("http://127.0.0.1:%1/v1").arg(m_server.serverPort()); }
    quint16 port() const { return m_server.serverPort(); }

    /// Replies are used in order; when they run out, `fallback` answers every further request.
    QList<ScriptedReply> script;
    ScriptedReply fallback{200, chatBody(QStringLiteral("fallback")), 0, false, false};
    /// Answers by content of the request: when set, the reply body comes from this function.
    std::function<ScriptedReply(const ReceivedRequest &)> responder;

    QList<ReceivedRequest> received;
    int inFlight = 0;
    int maxInFlight = 0;

private:
    void onReadyRead(QTcpSocket *socket)
    {
        QByteArray &buffer = m_buffers[socket];
        buffer += socket->readAll();
        for (;;) {
            const int headerEnd = buffer.indexOf("\r\n\r\n");
            if (headerEnd < 0)
                return;
            ReceivedRequest request;
            const QList<QByteArray> lines = buffer.left(headerEnd).split('\n');
            const QList<QByteArray> first = lines.value(0).trimmed().split(' ');
            request.method = first.value(0);
            request.path = first.value(1);
            for (int i = 1; i < lines.size(); ++i) {
                const int colon = lines[i].indexOf(':');
                if (colon > 0)
                    request.headers.insert(lines[i].left(colon).trimmed().toLower(), lines[i].mid(colon + 1).trimmed());
            }
            const int length = request.headers.value("content-length").toInt();
            if (buffer.size() < headerEnd + 4 + length)
                return;
            request.body = buffer.mid(headerEnd + 4, length);
            buffer.remove(0, headerEnd + 4 + length);
            received << request;
            ScriptedReply reply = responder ? responder(request) : (script.isEmpty() ? fallback : script.takeFirst());
            if (reply.echoAuthorization)
                reply.body += " auth=" + request.headers.value("authorization");
            ++inFlight;
            maxInFlight = std::max(maxInFlight, inFlight);
            if (reply.never)
                continue;
            QPointer<QTcpSocket> guard(socket);
            QTimer::singleShot(reply.delayMs, this, [this, guard, reply] {
                --inFlight;
                if (!guard)
                    return;
                QByteArray response = "HTTP/1.1 " + QByteArray::number(reply.status) + " Status\r\n"
                                      "Content-Type: application/json\r\n"
                                      "Content-Length: " + QByteArray::number(reply.body.size()) + "\r\n"
                                      "Connection: keep-alive\r\n" + reply.extraHeaders + "\r\n" + reply.body;
                guard->write(response);
            });
        }
    }

    QTcpServer m_server;
    QHash<QTcpSocket *, QByteArray> m_buffers;
};

}  // namespace gauntlet::testing
