#include "engine/core/version.h"

namespace gauntlet {

QString versionString()
{
    return QStringLiteral(GAUNTLET_VERSION);
}

}  // namespace gauntlet
