#include "app/about_dialog.h"

#include "engine/core/version.h"

#include <QCoreApplication>
#include <QMessageBox>

namespace gauntlet {

void showAboutDialog(QWidget *parent)
{
    const QString text =
        QCoreApplication::translate("AboutDialog",
                                    "<h3>Gauntlet %1</h3>"
                                    "<p>A workbench for building machine-translation test sets that today's MT systems fail on: "
                                    "augment source texts with Adversarial Translation Optimization, author and review challenge "
                                    "examples, run human rating sessions and read taxonomy coverage.</p>"
                                    "<p>Built with Qt %2, libtorch, SQLite and nlohmann_json.</p>"
                                    "<p>Bundled seed texts: FLORES-200 devtest (NLLB Team et al. 2022), CC BY-SA 4.0.</p>")
            .arg(core::versionString(), QString::fromLatin1(qVersion()));
    QMessageBox::about(parent, QCoreApplication::translate("AboutDialog", "About Gauntlet"), text);
}

}  // namespace gauntlet
