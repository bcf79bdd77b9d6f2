// One factory per top-level command, each defined in app/cli/<name>_command.cpp.
#pragma once

#include "app/cli/command.h"

namespace gauntlet::cli {

Command seedsCommand();  // app/cli/seeds_command.cpp
Command scoreTextCommand();  // app/cli/score_text_command.cpp
Command scoreCommand();  // app/cli/score_command.cpp
Command agreementCommand();  // app/cli/agreement_command.cpp
Command correlateCommand();  // app/cli/correlate_command.cpp
Command tokenizeCommand();  // app/cli/tokenize_command.cpp
Command convertCommand();  // app/cli/convert_command.cpp
Command modelsCommand();  // app/cli/models_command.cpp
Command trainCommand();  // app/cli/train_command.cpp
Command augmentCommand();  // app/cli/augment_command.cpp
Command runsCommand();  // app/cli/runs_command.cpp
Command mergeCommand();  // app/cli/merge_command.cpp
Command evaluateAugmentedCommand();  // app/cli/evaluate_augmented_command.cpp
Command judgeCommand();  // app/cli/judge_command.cpp
Command examplesCommand();  // app/cli/examples_command.cpp
Command systemsCommand();  // app/cli/examples_command.cpp
Command verifiersCommand();  // app/cli/examples_command.cpp
Command translateCommand();  // app/cli/translate_command.cpp
Command verifyCommand();  // app/cli/translate_command.cpp
Command evalPackCommand();  // app/cli/eval_pack_command.cpp
Command campaignsCommand();  // app/cli/campaigns_command.cpp
Command taxonomyCommand();  // app/cli/coverage_command.cpp
Command corpusCommand();  // app/cli/coverage_command.cpp
Command classifyCommand();  // app/cli/coverage_command.cpp
Command sampleCommand();  // app/cli/coverage_command.cpp
Command coverageCommand();  // app/cli/coverage_command.cpp

}  // namespace gauntlet::cli
