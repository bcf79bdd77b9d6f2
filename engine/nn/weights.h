// Taking a model's tensors by the checkpoint's own names, with one report of every problem.
//
// After CTranslate2's model_spec.validate() and llama.cpp's tensor mapping (STYLE.md point 3): a
// module asks for each tensor by the exact key the checkpoint uses and the shape it needs; nothing
// throws while the modules are being built. finish() then throws one ModelError that lists every
// missing, mis-shaped and unexpected tensor with names and shapes, so a model is never used
// half-initialised.
#pragma once

#include "engine/nn/nn_error.h"

#include <QString>

#include <torch/types.h>

#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace gauntlet::nn {

/// Where and in which precision a model's floating-point tensors live.
struct TensorPlacement {
    torch::Device device = torch::kCPU;
    torch::Dtype dtype = torch::kFloat32;  ///< float32, float64, or bfloat16 (meant for CUDA)
};

/// Shape text as "[2, 32]" for messages.
std::string shapeText(torch::IntArrayRef shape);

class WeightLoader {
public:
    /// `tensors` are the checkpoint's tensors by name; `source` (a file or folder) appears in errors.
    WeightLoader(std::map<std::string, torch::Tensor> tensors, QString source, TensorPlacement placement);

    /// The tensor `name`, converted to the placement (floating point only), contiguous. `shape` is
    /// the shape the module needs; -1 accepts any size in that dimension. A missing or mis-shaped
    /// tensor is recorded (see finish()) and an empty tensor of the wanted shape returned.
    torch::Tensor take(const std::string &name, std::vector<int64_t> shape);
    /// Whether the checkpoint has `name` (does not mark it as used).
    bool has(const std::string &name) const { return m_tensors.count(name) != 0; }
    /// The shape of `name` as stored; throws ModelError if absent.
    std::vector<int64_t> shapeOf(const std::string &name) const;
    /// Names starting with `prefix`, sorted.
    std::vector<std::string> namesWithPrefix(const std::string &prefix) const;
    /// Records a problem that is not about one tensor (e.g. a config field that disagrees).
    void addProblem(const std::string &problem) { m_problems.push_back(problem); }
    /// Names that are known to be unused and harmless (buffers such as
    /// `embeddings.position_ids`, an unused pooler): matched by suffix, never reported.
    void ignoreSuffix(const std::string &suffix) { m_ignoredSuffixes.push_back(suffix); }

    /// Throws ModelError listing every missing, mis-shaped and unexpected (neither taken nor
    /// ignored) tensor and every recorded problem. Does nothing if there are none.
    void finish() const;

    const QString &source() const { return m_source; }
    const TensorPlacement &placement() const { return m_placement; }

private:
    std::map<std::string, torch::Tensor> m_tensors;
    QString m_source;
    TensorPlacement m_placement;
    std::set<std::string> m_taken;
    std::vector<std::string> m_problems;
    std::vector<std::string> m_ignoredSuffixes;
};

}  // namespace gauntlet::nn
