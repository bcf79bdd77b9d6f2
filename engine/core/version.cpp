#include "engine/core/version.h"

namespace gauntlet::core {

QString versionString()
{
    return QStringLiteral(GAUNTLET_VERSION);
}

}  // namespace gauntlet::core
