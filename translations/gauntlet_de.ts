<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>AboutDialog</name>
    <message>
        <location filename="../app/about_dialog.cpp" line="13"/>
        <source>&lt;h3&gt;Gauntlet %1&lt;/h3&gt;&lt;p&gt;A workbench for building machine-translation test sets that today&apos;s MT systems fail on: augment source texts with Adversarial Translation Optimization, author and review challenge examples, run human rating sessions and read taxonomy coverage.&lt;/p&gt;&lt;p&gt;Built with Qt %2, libtorch, SQLite and nlohmann_json.&lt;/p&gt;&lt;p&gt;Bundled seed texts: FLORES-200 devtest (NLLB Team et al. 2022), CC BY-SA 4.0.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Gauntlet %1&lt;/h3&gt;&lt;p&gt;Eine Werkbank für Testsets der maschinellen Übersetzung, an denen heutige MÜ-Systeme scheitern: Quelltexte mit Adversarial Translation Optimization erweitern, Challenge-Beispiele verfassen und begutachten, menschliche Bewertungen durchführen und die Taxonomie-Abdeckung lesen.&lt;/p&gt;&lt;p&gt;Erstellt mit Qt %2, libtorch, SQLite und nlohmann_json.&lt;/p&gt;&lt;p&gt;Mitgelieferte Ausgangstexte: FLORES-200 devtest (NLLB Team et al. 2022), CC BY-SA 4.0.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../app/about_dialog.cpp" line="21"/>
        <source>About Gauntlet</source>
        <translation>Über Gauntlet</translation>
    </message>
</context>
<context>
    <name>gauntlet::AugmentWorkspace</name>
    <message>
        <location filename="../app/workspaces/augment_workspace.cpp" line="16"/>
        <source>Augment</source>
        <translation>Erweitern</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_workspace.cpp" line="17"/>
        <source>Watching the ATO beam search live is coming in a later version. Seed texts can already be imported (File &gt; Import Seeds, or gauntlet seeds import).</source>
        <translation>Die ATO-Strahlsuche live zu verfolgen kommt in einer späteren Version. Ausgangstexte lassen sich schon importieren (Datei &gt; Ausgangstexte importieren, oder gauntlet seeds import).</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_workspace.cpp" line="26"/>
        <source>Seed sets in this project</source>
        <translation>Ausgangstext-Sammlungen in diesem Projekt</translation>
    </message>
</context>
<context>
    <name>gauntlet::MainWindow</name>
    <message>
        <location filename="../app/main_window.cpp" line="32"/>
        <source>Gauntlet</source>
        <translation>Gauntlet</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="37"/>
        <source>Augment</source>
        <translation>Erweitern</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="38"/>
        <location filename="../app/main_window.cpp" line="50"/>
        <source>Contribute</source>
        <translation>Beitragen</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="39"/>
        <location filename="../app/main_window.cpp" line="55"/>
        <source>Evaluate</source>
        <translation>Bewerten</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="40"/>
        <location filename="../app/main_window.cpp" line="60"/>
        <source>Coverage</source>
        <translation>Abdeckung</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="51"/>
        <source>Coming in a later version: authoring challenge examples with MT outputs, verification rules, a verifier and the acceptance gate, and reviewing them.</source>
        <translation>Kommt in einer späteren Version: Challenge-Beispiele mit MÜ-Ausgaben, Prüfregeln, einem Prüfer und der Annahmeschwelle verfassen und begutachten.</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="56"/>
        <source>Coming in a later version: human rating sessions (two-stage cESA error-span annotation, Likert forms) with agreement statistics.</source>
        <translation>Kommt in einer späteren Version: menschliche Bewertungen (zweistufige cESA-Fehlerspannen-Annotation, Likert-Formulare) mit Übereinstimmungsstatistik.</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="61"/>
        <source>Coming in a later version: taxonomies, coverage charts of a test set and taxonomy-aware sampling.</source>
        <translation>Kommt in einer späteren Version: Taxonomien, Abdeckungsdiagramme eines Testsets und taxonomiebewusste Stichproben.</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="86"/>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="87"/>
        <source>&amp;New Project...</source>
        <translation>&amp;Neues Projekt...</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="89"/>
        <source>&amp;Open Project...</source>
        <translation>Projekt ö&amp;ffnen...</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="91"/>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="94"/>
        <source>&amp;Import Seeds...</source>
        <translation>Ausgangstexte &amp;importieren...</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="97"/>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="100"/>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="106"/>
        <source>&amp;Settings</source>
        <translation>&amp;Einstellungen</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="107"/>
        <source>&amp;Language</source>
        <translation>&amp;Sprache</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="112"/>
        <source>System default</source>
        <translation>Systemvorgabe</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="121"/>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="122"/>
        <source>&amp;About Gauntlet</source>
        <translation>Ü&amp;ber Gauntlet</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="123"/>
        <source>About &amp;Qt</source>
        <translation>Über &amp;Qt</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="133"/>
        <source>(none)</source>
        <translation>(keine)</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="139"/>
        <source>No project open</source>
        <translation>Kein Projekt geöffnet</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="146"/>
        <source>Project %1 (schema v%2): %3 seed sets, %4 seeds</source>
        <translation>Projekt %1 (Schema v%2): %3 Sammlungen, %4 Ausgangstexte</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="155"/>
        <source>%1 - Gauntlet</source>
        <translation>%1 - Gauntlet</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="166"/>
        <source>Cannot open project</source>
        <translation>Projekt kann nicht geöffnet werden</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="205"/>
        <location filename="../app/main_window.cpp" line="210"/>
        <source>New Project</source>
        <translation>Neues Projekt</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="206"/>
        <source>Gauntlet projects (*.gauntlet)</source>
        <translation>Gauntlet-Projekte (*.gauntlet)</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="211"/>
        <source>%1 already exists. Use File &gt; Open Project to open it; Gauntlet never overwrites a file.</source>
        <translation>%1 existiert bereits. Öffnen Sie es mit Datei &gt; Projekt öffnen; Gauntlet überschreibt nie eine Datei.</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="219"/>
        <source>Open Project</source>
        <translation>Projekt öffnen</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="220"/>
        <source>Gauntlet projects (*.gauntlet);;All files (*)</source>
        <translation>Gauntlet-Projekte (*.gauntlet);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="229"/>
        <source>Open a project first.</source>
        <translation>Öffnen Sie zuerst ein Projekt.</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="238"/>
        <source>Imported %1 seeds into seed set &apos;%2&apos;</source>
        <translation>%1 Ausgangstexte in die Sammlung „%2“ importiert</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="244"/>
        <source>Cannot import seeds</source>
        <translation>Ausgangstexte können nicht importiert werden</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="252"/>
        <source>Import Seeds</source>
        <translation>Ausgangstexte importieren</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="253"/>
        <source>Seed files (*.tsv *.txt *.jsonl);;All files (*)</source>
        <translation>Ausgangstext-Dateien (*.tsv *.txt *.jsonl);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="261"/>
        <source>The language changes the next time Gauntlet starts.</source>
        <translation>Die Sprache wechselt beim nächsten Start von Gauntlet.</translation>
    </message>
</context>
<context>
    <name>gauntlet::SeedSetModel</name>
    <message>
        <location filename="../models/seed_set_model.cpp" line="72"/>
        <source>Seed set</source>
        <translation>Sammlung</translation>
    </message>
    <message>
        <location filename="../models/seed_set_model.cpp" line="73"/>
        <source>Seeds</source>
        <translation>Ausgangstexte</translation>
    </message>
    <message>
        <location filename="../models/seed_set_model.cpp" line="74"/>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <location filename="../models/seed_set_model.cpp" line="75"/>
        <source>Licence</source>
        <translation>Lizenz</translation>
    </message>
    <message>
        <location filename="../models/seed_set_model.cpp" line="76"/>
        <source>Created</source>
        <translation>Erstellt</translation>
    </message>
</context>
</TS>
