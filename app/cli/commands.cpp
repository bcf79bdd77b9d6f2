// The table of top-level commands. Add one line per command; keep the order users see in --help.
#include "app/cli/command.h"
#include "app/cli/commands.h"

namespace gauntlet::cli {

const std::vector<Command> &commands()
{
    static const std::vector<Command> table = {
        seedsCommand(),
        scoreTextCommand(),
        scoreCommand(),
        agreementCommand(),
        correlateCommand(),
        tokenizeCommand(),
        convertCommand(),
        modelsCommand(),
        trainCommand(),
        augmentCommand(),
        runsCommand(),
        mergeCommand(),
        evaluateAugmentedCommand(),
        judgeCommand(),
        examplesCommand(),
        systemsCommand(),
        verifiersCommand(),
        translateCommand(),
        verifyCommand(),
        evalPackCommand(),
        campaignsCommand(),
        taxonomyCommand(),
        corpusCommand(),
        classifyCommand(),
        sampleCommand(),
        coverageCommand(),
    };
    return table;
}

}  // namespace gauntlet::cli
