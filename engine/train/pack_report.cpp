// PackEvaluation's report (engine/train/pack_evaluation.h), with no libtorch: the command line
// prints what the compute plugin measured.
#include "engine/train/pack_evaluation.h"

#include <iomanip>
#include <sstream>

namespace gauntlet::train {

bool PackEvaluation::barsHold() const
{
    bool any = false;
    for (const PackMetric &m : metrics) {
        if (m.bar) {
            any = true;
            if (!*m.bar)
                return false;
        }
    }
    return any;
}

std::string PackEvaluation::markdown() const
{
    std::ostringstream md;
    md << "## Held-out evaluation (gauntlet eval-pack)\n\n"
       << "Measured through the shipping loader and scorers; every baseline in the same run. Bars: difficulty must beat the "
          "token-count line on the pooled test set, acceptability MCC > 0.1 on in_domain_dev, LM AUC > 0.5.\n\n"
       << "| model | metric | n | value | baseline | baseline value | bar |\n|---|---|---:|---:|---|---:|---|\n";
    md << std::fixed << std::setprecision(4);
    for (const PackMetric &m : metrics) {
        md << "| " << m.model << " | " << m.metric << " | " << m.n << " | " << m.value << " | " << m.baseline << " | "
           << m.baselineValue << " | " << (m.bar ? (*m.bar ? "holds (" : "FAILS (") + m.barText + ")" : std::string()) << " |\n";
    }
    for (const std::string &s : skipped)
        md << "\nNot evaluated: " << s << " (no folder in the pack).\n";
    return md.str();
}

}  // namespace gauntlet::train
