// Errors raised by the differentiable scorers of engine/nn.
#pragma once

#include <stdexcept>
#include <string>

namespace gauntlet::nn {

/// A model cannot be loaded or used: tensors missing, unexpected or mis-shaped (all of them named
/// in one message), a config that disagrees with the weights, a tokenizer that does not fit the
/// model, an unsupported setting. The message names the folder/file and the tensor or field.
class ModelError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// An input the model cannot take: a sequence longer than the model's maximum positions, an empty
/// sequence, a token id outside the vocabulary. The message names the sequence (its index).
class InputError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

}  // namespace gauntlet::nn
