# What `cmake --install` puts where (issue 38), and the Debian package CPack builds from it.
#
#   <prefix>/bin/gauntlet                                 the executable
#   <prefix>/lib/gauntlet/libgauntlet_compute.so          the compute plugin (libtorch), engine/compute
#   <prefix>/share/gauntlet/models/default/               the default model pack
#   <prefix>/share/gauntlet/translations/gauntlet_*.qm    the interface translations (app/CMakeLists.txt)
#   <prefix>/share/gauntlet/{seeds,taxonomies,slurm}/     the shipped seed texts, taxonomies, Slurm script
#   <prefix>/share/applications/org.gauntlet.Gauntlet.desktop            the menu entry
#   <prefix>/share/icons/hicolor/scalable/apps/org.gauntlet.Gauntlet.svg the icon
#   <prefix>/share/metainfo/org.gauntlet.Gauntlet.metainfo.xml           AppStream metadata
#   <prefix>/share/mime/packages/org.gauntlet.Gauntlet.xml               the project file type (*.gauntlet)
#   <prefix>/share/doc/gauntlet/                          README and the user guide
#
# The executable finds the plugin, the pack and the translations relative to itself
# (../lib/gauntlet, ../share/gauntlet), so any prefix works; `gauntlet models pack` says which it found.
#
#   cmake --install build --prefix /opt/gauntlet
#   (cd build && cpack -G DEB)    -> build/gauntlet_<version>_<arch>.deb
# tests/packaging checks both (install_tree.sh, deb_package.sh).

set(GAUNTLET_APP_ID org.gauntlet.Gauntlet)
set(GAUNTLET_DATA_DIR share/gauntlet)

install(DIRECTORY "${PROJECT_SOURCE_DIR}/resources/models/default" DESTINATION "${GAUNTLET_DATA_DIR}/models")
install(DIRECTORY "${PROJECT_SOURCE_DIR}/resources/seeds" "${PROJECT_SOURCE_DIR}/resources/taxonomies"
                  "${PROJECT_SOURCE_DIR}/resources/slurm" DESTINATION "${GAUNTLET_DATA_DIR}")
install(FILES "${PROJECT_SOURCE_DIR}/packaging/${GAUNTLET_APP_ID}.desktop" DESTINATION share/applications)
install(FILES "${PROJECT_SOURCE_DIR}/packaging/${GAUNTLET_APP_ID}.svg" DESTINATION share/icons/hicolor/scalable/apps)
install(FILES "${PROJECT_SOURCE_DIR}/packaging/${GAUNTLET_APP_ID}.metainfo.xml" DESTINATION share/metainfo)
install(FILES "${PROJECT_SOURCE_DIR}/packaging/${GAUNTLET_APP_ID}.mime.xml" DESTINATION share/mime/packages
        RENAME "${GAUNTLET_APP_ID}.xml")
install(FILES "${PROJECT_SOURCE_DIR}/README.md" DESTINATION share/doc/gauntlet)
install(DIRECTORY "${PROJECT_SOURCE_DIR}/docs/" DESTINATION share/doc/gauntlet/docs)

# The Debian package: `cpack -G DEB` in the build folder. dpkg-shlibdeps finds the shared libraries
# (Qt 6, libtorch, link-grammar, Hunspell, sphinxbase, libzip, ...); the list below adds what is
# loaded at run time and so invisible to it: Qt's SQLite driver and platform plugins, the English
# dictionaries and language model the guards and judges read, OpenBLAS for libtorch's GEMMs, and
# Apertium with the English-Spanish pair (the judges' round trip and the default MT system).
set(CPACK_PACKAGE_NAME gauntlet)
set(CPACK_PACKAGE_VENDOR "Gauntlet")
set(CPACK_PACKAGE_CONTACT "Gauntlet developers <gauntlet@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_DESCRIPTION
    "Gauntlet is a desktop workbench for machine-translation researchers and benchmark\ncontributors: adversarial augmentation of source texts (ATO) with a live view of the\nbeam search, challenge examples with MT outputs, verification rules and review, human\nrating sessions with agreement statistics, and taxonomy coverage charts.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS
    "libqt6sql6-sqlite, qt6-qpa-plugins, libqt6svg6, libopenblas0-pthread, link-grammar-dictionaries-en, hunspell-en-us, pocketsphinx-en-us, wordnet-base, apertium, apertium-eng-spa")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "apertium-eng-cat, apertium-en-gl, fonts-wqy-microhei")
set(CPACK_GENERATOR DEB)
include(CPack)
