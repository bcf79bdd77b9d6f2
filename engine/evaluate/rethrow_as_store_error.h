// The campaign stores (campaign_store.cpp, adjudication_store.cpp) report every failure as a
// StoreError, including the EvaluateErrors of the parsing and validation they call.
#pragma once

#include "engine/evaluate/evaluate_error.h"
#include "engine/store/store_error.h"

namespace gauntlet::evaluate {

/// Runs `f` and returns what it returns; an EvaluateError it throws is thrown again as a
/// StoreError with the same message.
template <typename F>
auto rethrowAsStoreError(F &&f) -> decltype(f())
{
    try {
        return f();
    } catch (const EvaluateError &e) {
        throw storage::StoreError(QString::fromStdString(e.what()));
    }
}

}  // namespace gauntlet::evaluate
