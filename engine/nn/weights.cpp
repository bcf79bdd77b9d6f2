#include "engine/nn/weights.h"

#include <sstream>

namespace gauntlet::nn {

std::string shapeText(torch::IntArrayRef shape)
{
    std::ostringstream s;
    s << '[';
    for (size_t i = 0; i < shape.size(); ++i)
        s << (i ? ", " : "") << shape[i];
    s << ']';
    return s.str();
}

WeightLoader::WeightLoader(std::map<std::string, torch::Tensor> tensors, QString source, TensorPlacement placement)
    : m_tensors(std::move(tensors)), m_source(std::move(source)), m_placement(placement)
{
}

torch::Tensor WeightLoader::take(const std::string &name, std::vector<int64_t> shape)
{
    const auto it = m_tensors.find(name);
    std::vector<int64_t> concrete = shape;
    for (int64_t &d : concrete)
        if (d < 0)
            d = 0;
    const auto placeholder = [&] {
        return torch::zeros(concrete, torch::TensorOptions().dtype(m_placement.dtype).device(m_placement.device));
    };
    if (it == m_tensors.end()) {
        m_problems.push_back("missing tensor " + name + " " + shapeText(shape));
        return placeholder();
    }
    m_taken.insert(name);
    const torch::Tensor &t = it->second;
    bool fits = t.dim() == static_cast<int64_t>(shape.size());
    for (size_t i = 0; fits && i < shape.size(); ++i)
        fits = shape[i] < 0 || shape[i] == t.size(static_cast<int64_t>(i));
    if (!fits) {
        m_problems.push_back("tensor " + name + " has shape " + shapeText(t.sizes()) + ", expected " + shapeText(shape));
        return placeholder();
    }
    if (!t.is_floating_point()) {
        m_problems.push_back("tensor " + name + " is not floating point (" + std::string(c10::toString(t.scalar_type())) + ")");
        return placeholder();
    }
    return t.to(m_placement.device, m_placement.dtype).contiguous();
}

std::vector<int64_t> WeightLoader::shapeOf(const std::string &name) const
{
    const auto it = m_tensors.find(name);
    if (it == m_tensors.end())
        throw ModelError(m_source.toStdString() + ": missing tensor " + name);
    return it->second.sizes().vec();
}

std::vector<std::string> WeightLoader::namesWithPrefix(const std::string &prefix) const
{
    std::vector<std::string> out;
    for (auto it = m_tensors.lower_bound(prefix); it != m_tensors.end() && it->first.compare(0, prefix.size(), prefix) == 0; ++it)
        out.push_back(it->first);
    return out;
}

void WeightLoader::finish() const
{
    std::vector<std::string> problems = m_problems;
    for (const auto &[name, tensor] : m_tensors) {
        if (m_taken.count(name))
            continue;
        bool ignored = false;
        for (const std::string &suffix : m_ignoredSuffixes)
            ignored = ignored || (name.size() >= suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0);
        if (!ignored)
            problems.push_back("unexpected tensor " + name + " " + shapeText(tensor.sizes()));
    }
    if (problems.empty())
        return;
    std::ostringstream s;
    s << m_source.toStdString() << ": " << problems.size() << " problem" << (problems.size() == 1 ? "" : "s")
      << " with the weights: ";
    for (size_t i = 0; i < problems.size(); ++i)
        s << (i ? "; " : "") << problems[i];
    throw ModelError(s.str());
}

}  // namespace gauntlet::nn
