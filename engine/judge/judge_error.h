// The error every judge throws: a missing package or dictionary, an unreadable resource, a
// failed child process. what() names the input and, where it applies, the Debian package to install.
#pragma once

#include <stdexcept>

namespace gauntlet::judge {

class JudgeError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

}  // namespace gauntlet::judge
