// The message of the exception a call throws, for the tests that check what a refusal says:
//   const auto msg = thrownMessage<IoError>([&] { parse(bytes, "bad.ckpt"); });
//   QVERIFY2(msg, "no exception");
//   QVERIFY2(msg->contains("bad.ckpt"), qPrintable(*msg));
#pragma once

#include <QString>

#include <optional>

namespace gauntlet::testing {

/// what() of the `Exception` that `call` throws, or nullopt when it returns normally (any other
/// exception goes on to the caller, where Qt Test reports it).
template <typename Exception, typename Call>
std::optional<QString> thrownMessage(Call &&call)
{
    try {
        call();
    } catch (const Exception &e) {
        return QString::fromUtf8(e.what());
    }
    return std::nullopt;
}

/// thrownMessage's text, empty when `call` throws nothing.
template <typename Exception, typename Call>
QString thrownText(Call &&call)
{
    return thrownMessage<Exception>(call).value_or(QString());
}

}  // namespace gauntlet::testing
