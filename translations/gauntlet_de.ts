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
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="98"/>
        <source>Dismiss</source>
        <translation>Ausblenden</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="99"/>
        <source>Hide these messages</source>
        <translation>Diese Meldungen ausblenden</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="110"/>
        <source>No run yet: choose seeds on the left and press Start (Ctrl+R).</source>
        <translation>Noch kein Lauf: Wählen Sie links Ausgangstexte und drücken Sie Start (Strg+R).</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="112"/>
        <source>Live</source>
        <translation>Live</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="113"/>
        <source>History</source>
        <translation>Verlauf</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="114"/>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="457"/>
        <source>Compare</source>
        <translation>Vergleichen</translation>
    </message>
    <message numerus="yes">
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="151"/>
        <source>Augment: %n seed(s) queued</source>
        <translation>
            <numerusform>Erweitern: %n Ausgangstext in der Warteschlange</numerusform>
            <numerusform>Erweitern: %n Ausgangstexte in der Warteschlange</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="156"/>
        <source>Augment: loading the models...</source>
        <translation>Erweitern: Modelle werden geladen...</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="157"/>
        <source>Loading the models...</source>
        <translation>Modelle werden geladen...</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="162"/>
        <source>Augment: models ready (%1 s)</source>
        <translation>Erweitern: Modelle bereit (%1 s)</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="167"/>
        <source>Run %1 · seed %2 of %3 · %4: %5</source>
        <translation>Lauf %1 · Ausgangstext %2 von %3 · %4: %5</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="191"/>
        <source>Augment: step %1 of %2 · ETA %3</source>
        <translation>Erweitern: Schritt %1 von %2 · Restzeit %3</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="197"/>
        <source>Augment: stopped; finished steps are saved</source>
        <translation>Erweitern: angehalten; fertige Schritte sind gespeichert</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="197"/>
        <source>Augment: done</source>
        <translation>Erweitern: fertig</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="199"/>
        <source>Stopped before the first step.</source>
        <translation>Vor dem ersten Schritt angehalten.</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="199"/>
        <source>Nothing ran: see the message above.</source>
        <translation>Nichts wurde ausgeführt: siehe die Meldung oben.</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="232"/>
        <source>Seeds</source>
        <translation>Ausgangstexte</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="235"/>
        <source>From a seed set of the project</source>
        <translation>Aus einer Sammlung des Projekts</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="235"/>
        <source>From a file</source>
        <translation>Aus einer Datei</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="235"/>
        <source>Typed text</source>
        <translation>Eingegebener Text</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="236"/>
        <source>Where the seed texts come from</source>
        <translation>Woher die Ausgangstexte kommen</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="241"/>
        <source>A seed set of the project (File &gt; Import Seeds adds more)</source>
        <translation>Eine Sammlung des Projekts (Datei &gt; Ausgangstexte importieren fügt weitere hinzu)</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="247"/>
        <source>TSV, text or JSONL file</source>
        <translation>TSV-, Text- oder JSONL-Datei</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="249"/>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="298"/>
        <source>Choose...</source>
        <translation>Wählen...</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="254"/>
        <source>One seed text per line</source>
        <translation>Ein Ausgangstext pro Zeile</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="261"/>
        <source>Select one or more seeds (Ctrl/Shift+click); they run one after another</source>
        <translation>Einen oder mehrere Ausgangstexte wählen (Strg/Umschalt+Klick); sie laufen nacheinander</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="282"/>
        <source>Seed File</source>
        <translation>Ausgangstext-Datei</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="282"/>
        <source>Seed files (*.tsv *.txt *.jsonl);;All files (*)</source>
        <translation>Ausgangstext-Dateien (*.tsv *.txt *.jsonl);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="291"/>
        <source>Models</source>
        <translation>Modelle</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="295"/>
        <source>the default model pack</source>
        <translation>das Standard-Modellpaket</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="296"/>
        <source>A model pack folder with difficulty/ (or sentinel/), acceptability/ (or cola/) and lm/; empty = the default pack shipped with Gauntlet</source>
        <translation>Ein Modellpaket-Ordner mit difficulty/ (oder sentinel/), acceptability/ (oder cola/) und lm/; leer = das mit Gauntlet ausgelieferte Standardpaket</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="308"/>
        <source>Model Pack Folder</source>
        <translation>Modellpaket-Ordner</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="314"/>
        <source>Method and search settings</source>
        <translation>Methode und Sucheinstellungen</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="318"/>
        <source>ATO-Direct</source>
        <translation>ATO-Direct</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="319"/>
        <source>ATO-TwoPhase</source>
        <translation>ATO-TwoPhase</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="320"/>
        <source>Random words (baseline)</source>
        <translation>Zufällige Wörter (Vergleichsverfahren)</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="321"/>
        <source>Random subwords (baseline)</source>
        <translation>Zufällige Teilwörter (Vergleichsverfahren)</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="322"/>
        <source>ATO-Direct (Algorithm 2): whole-word vocabulary, candidate archive, lowest-perplexity output.
ATO-TwoPhase (Algorithm 3): subword phase 1, then perplexity steps in the language model&apos;s tokens.
Baselines: exactly R words or subword tokens replaced at random (Section 3.5, Appendix B.4).</source>
        <translation>ATO-Direct (Algorithmus 2): Ganzwort-Vokabular, Kandidatenarchiv, Ausgabe mit der niedrigsten Perplexität.
ATO-TwoPhase (Algorithmus 3): Teilwort-Phase 1, dann Perplexitätsschritte in den Token des Sprachmodells.
Vergleichsverfahren: genau R Wörter oder Teilwort-Token zufällig ersetzt (Abschnitt 3.5, Anhang B.4).</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="325"/>
        <source>B: beam members kept per step (paper: 50)</source>
        <translation>B: pro Schritt behaltene Strahlmitglieder (Paper: 50)</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="326"/>
        <source>K: top (position, token) pairs by gradient over L x |V| (paper: 200)</source>
        <translation>K: beste (Position, Token)-Paare nach Gradient über L x |V| (Paper: 200)</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="327"/>
        <source>N: candidates sampled per beam member (paper: 64)</source>
        <translation>N: gezogene Kandidaten pro Strahlmitglied (Paper: 64)</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="328"/>
        <source>R: members drawn at random from the rest of the pool, diversity injection (paper: 15); must be below B</source>
        <translation>R: zufällig aus dem Rest des Pools gezogene Mitglieder, Diversitätsinjektion (Paper: 15); muss kleiner als B sein</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="329"/>
        <source>T (ATO-Direct) / T1 (phase 1 of ATO-TwoPhase): not stated in the paper; 20 by default</source>
        <translation>T (ATO-Direct) / T1 (Phase 1 von ATO-TwoPhase): im Paper nicht angegeben; standardmäßig 20</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="330"/>
        <source>Positions substituted in this many preceding iterations are frozen (paper: 2)</source>
        <translation>In so vielen vorangehenden Iterationen ersetzte Positionen sind eingefroren (Paper: 2)</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="331"/>
        <source>lambda_f: weight of L_CoLA = -log P(acceptable) in L = D + lambda_f L_CoLA + lambda_c L_cos (paper: 20)</source>
        <translation>lambda_f: Gewicht von L_CoLA = -log P(akzeptabel) in L = D + lambda_f L_CoLA + lambda_c L_cos (Paper: 20)</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="332"/>
        <source>lambda_c: weight of L_cos = 1 - cos(CLS, beam-mean CLS) (paper: 50)</source>
        <translation>lambda_c: Gewicht von L_cos = 1 - cos(CLS, Strahlmittel-CLS) (Paper: 50)</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="333"/>
        <source>T2: perplexity-only steps of ATO-TwoPhase&apos;s phase 2 (paper: 40)</source>
        <translation>T2: reine Perplexitätsschritte in Phase 2 von ATO-TwoPhase (Paper: 40)</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="334"/>
        <source>Tokens the random baselines replace (paper: exactly 2)</source>
        <translation>Token, die die Zufalls-Vergleichsverfahren ersetzen (Paper: genau 2)</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="337"/>
        <source>Seeds every random draw of the run: the same settings, seed text and models give the same run</source>
        <translation>Initialisiert jede Zufallsziehung des Laufs: gleiche Einstellungen, Ausgangstext und Modelle ergeben denselben Lauf</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="341"/>
        <source>cpu, or cuda / cuda:N with a CUDA build of libtorch</source>
        <translation>cpu, oder cuda / cuda:N mit einer CUDA-Version von libtorch</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="344"/>
        <source>Scorer dtype</source>
        <translation>Datentyp der Bewerter</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="345"/>
        <source>CPU threads for torch; 0 = all cores</source>
        <translation>CPU-Threads für torch; 0 = alle Kerne</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="346"/>
        <source>all cores</source>
        <translation>alle Kerne</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="347"/>
        <source>Method:</source>
        <translation>Methode:</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="348"/>
        <source>Beam width B:</source>
        <translation>Strahlbreite B:</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="349"/>
        <source>Shortlist K:</source>
        <translation>Vorauswahl K:</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="350"/>
        <source>Candidates N:</source>
        <translation>Kandidaten N:</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="351"/>
        <source>Injections R:</source>
        <translation>Injektionen R:</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="352"/>
        <source>Steps T:</source>
        <translation>Schritte T:</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="353"/>
        <source>Phase-2 steps T2:</source>
        <translation>Schritte Phase 2 T2:</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="354"/>
        <source>Frozen iterations:</source>
        <translation>Eingefrorene Iterationen:</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="355"/>
        <source>lambda_f:</source>
        <translation>lambda_f:</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="356"/>
        <source>lambda_c:</source>
        <translation>lambda_c:</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="357"/>
        <source>Replacements:</source>
        <translation>Ersetzungen:</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="358"/>
        <source>Random seed:</source>
        <translation>Zufallsstartwert:</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="359"/>
        <source>Device:</source>
        <translation>Gerät:</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="360"/>
        <source>Dtype:</source>
        <translation>Datentyp:</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="361"/>
        <source>Threads:</source>
        <translation>Threads:</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="362"/>
        <source>Paper defaults</source>
        <translation>Werte des Papers</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="363"/>
        <source>Reset every search setting to the paper&apos;s default</source>
        <translation>Alle Sucheinstellungen auf die Werte des Papers zurücksetzen</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="388"/>
        <source>Start</source>
        <translation>Start</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="389"/>
        <source>Run the selected seeds (Ctrl+R)</source>
        <translation>Die gewählten Ausgangstexte ausführen (Strg+R)</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="390"/>
        <source>Stop</source>
        <translation>Anhalten</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="391"/>
        <source>Stop after the current step; finished steps stay saved (Esc or Ctrl+.)</source>
        <translation>Nach dem aktuellen Schritt anhalten; fertige Schritte bleiben gespeichert (Esc oder Strg+.)</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="398"/>
        <source>Queue</source>
        <translation>Warteschlange</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="410"/>
        <source>The seeds of this job, run one after another</source>
        <translation>Die Ausgangstexte dieses Auftrags, nacheinander ausgeführt</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="451"/>
        <source>Export JSONL...</source>
        <translation>Als JSONL exportieren...</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="452"/>
        <source>The whole trace of the selected run as JSON Lines (the format of gauntlet augment --trace)</source>
        <translation>Die ganze Spur des gewählten Laufs als JSON Lines (das Format von gauntlet augment --trace)</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="453"/>
        <source>Export CSV...</source>
        <translation>Als CSV exportieren...</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="454"/>
        <source>Every beam member of every step of the selected run as CSV</source>
        <translation>Jedes Strahlmitglied jedes Schritts des gewählten Laufs als CSV</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="455"/>
        <source>Save Chart...</source>
        <translation>Diagramm speichern...</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="456"/>
        <source>The objective chart as PNG or SVG</source>
        <translation>Das Zielfunktionsdiagramm als PNG oder SVG</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="458"/>
        <source>Show the two selected runs side by side (select two rows with Ctrl+click)</source>
        <translation>Die zwei gewählten Läufe nebeneinander zeigen (zwei Zeilen mit Strg+Klick wählen)</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="478"/>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="576"/>
        <source>Select a run above to replay it step by step (Alt+Left / Alt+Right).</source>
        <translation>Wählen Sie oben einen Lauf, um ihn Schritt für Schritt abzuspielen (Alt+Links / Alt+Rechts).</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="543"/>
        <source>Start augmentation</source>
        <translation>Erweiterung starten</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="545"/>
        <source>Stop augmentation</source>
        <translation>Erweiterung anhalten</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="547"/>
        <source>Next step</source>
        <translation>Nächster Schritt</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="549"/>
        <source>Previous step</source>
        <translation>Vorheriger Schritt</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="672"/>
        <source>No default model pack was found; choose a model pack folder.</source>
        <translation>Kein Standard-Modellpaket gefunden; wählen Sie einen Modellpaket-Ordner.</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="677"/>
        <source>%1
difficulty %2 · acceptability %3 · language model %4 · word list %5</source>
        <translation>%1
Schwierigkeit %2 · Akzeptabilität %3 · Sprachmodell %4 · Wortliste %5</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="730"/>
        <source>Open a project first (File &gt; Open Project): every run is stored in it.</source>
        <translation>Öffnen Sie zuerst ein Projekt (Datei &gt; Projekt öffnen): Jeder Lauf wird darin gespeichert.</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="748"/>
        <source>No seed chosen: select one or more seeds in the list, or type a seed text.</source>
        <translation>Kein Ausgangstext gewählt: Wählen Sie einen oder mehrere in der Liste oder geben Sie einen Text ein.</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="756"/>
        <source>The search settings are not valid: %1</source>
        <translation>Die Sucheinstellungen sind ungültig: %1</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="761"/>
        <source>No model pack: the default pack was not found. Choose a model pack folder under Models.</source>
        <translation>Kein Modellpaket: Das Standardpaket wurde nicht gefunden. Wählen Sie unter Modelle einen Modellpaket-Ordner.</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="766"/>
        <source>The model folder %1 cannot be used: it holds no difficulty model (difficulty/ or sentinel/).</source>
        <translation>Der Modellordner %1 ist nicht verwendbar: Er enthält kein Schwierigkeitsmodell (difficulty/ oder sentinel/).</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="772"/>
        <source>Starting...</source>
        <translation>Wird gestartet...</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="786"/>
        <source>Augment: stopping after the current step...</source>
        <translation>Erweitern: hält nach dem aktuellen Schritt an...</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="840"/>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="863"/>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="901"/>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="913"/>
        <source>Open a project first.</source>
        <translation>Öffnen Sie zuerst ein Projekt.</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="844"/>
        <source>Run %1 · %2 · %3 · %4</source>
        <translation>Lauf %1 · %2 · %3 · %4</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="885"/>
        <source>Choose a run...</source>
        <translation>Lauf wählen...</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="891"/>
        <source>Run %1 · %2 · %3</source>
        <translation>Lauf %1 · %2 · %3</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="936"/>
        <source>There is no chart to save yet.</source>
        <translation>Es gibt noch kein Diagramm zum Speichern.</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="948"/>
        <source>Export Run as JSON Lines</source>
        <translation>Lauf als JSON Lines exportieren</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="949"/>
        <source>JSON Lines (*.jsonl)</source>
        <translation>JSON Lines (*.jsonl)</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="954"/>
        <source>Export Run as CSV</source>
        <translation>Lauf als CSV exportieren</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="954"/>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="959"/>
        <source>Save Chart</source>
        <translation>Diagramm speichern</translation>
    </message>
    <message>
        <location filename="../work/main/app/workspaces/augment_workspace.cpp" line="960"/>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation>PNG-Bild (*.png);;SVG-Zeichnung (*.svg)</translation>
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
<context>
    <name>gauntlet::AugmentSession</name>
    <message>
        <location filename="../work/main/models/augment_session.cpp" line="187"/>
        <source>Cannot load the models (%1): %2</source>
        <translation>Die Modelle können nicht geladen werden (%1): %2</translation>
    </message>
    <message>
        <location filename="../work/main/models/augment_session.cpp" line="204"/>
        <source>Cannot store runs in the project: %1</source>
        <translation>Läufe können nicht im Projekt gespeichert werden: %1</translation>
    </message>
    <message>
        <location filename="../work/main/models/augment_session.cpp" line="393"/>
        <source>Seed %1 cannot be searched: %2</source>
        <translation>Ausgangstext %1 kann nicht durchsucht werden: %2</translation>
    </message>
</context>
<context>
    <name>gauntlet::BeamTableModel</name>
    <message>
        <location filename="../work/main/models/beam_table_model.cpp" line="35"/>
        <source>&lt;p&gt;&lt;b&gt;Tokens changed against the seed:&lt;/b&gt; %1&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Gegenüber dem Ausgangstext geänderte Token:&lt;/b&gt; %1&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../work/main/models/beam_table_model.cpp" line="37"/>
        <source>&lt;p&gt;&lt;b&gt;Substituted in this step:&lt;/b&gt; %1&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;In diesem Schritt ersetzt:&lt;/b&gt; %1&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../work/main/models/beam_table_model.cpp" line="39"/>
        <source>&lt;p&gt;Parent (rank %1 of the previous step): %2&lt;/p&gt;</source>
        <translation>&lt;p&gt;Elternteil (Rang %1 des vorigen Schritts): %2&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../work/main/models/beam_table_model.cpp" line="41"/>
        <source>&lt;p&gt;Added to the beam by diversity injection.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Durch Diversitätsinjektion in den Strahl aufgenommen.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../work/main/models/beam_table_model.cpp" line="110"/>
        <source>injected</source>
        <translation>injiziert</translation>
    </message>
    <message>
        <location filename="../work/main/models/beam_table_model.cpp" line="125"/>
        <source>Added by diversity injection (drawn at random from the rest of the pool)</source>
        <translation>Durch Diversitätsinjektion aufgenommen (zufällig aus dem Rest des Pools gezogen)</translation>
    </message>
    <message>
        <location filename="../work/main/models/beam_table_model.cpp" line="140"/>
        <source>Rank</source>
        <translation>Rang</translation>
    </message>
    <message>
        <location filename="../work/main/models/beam_table_model.cpp" line="141"/>
        <source>Text</source>
        <translation>Text</translation>
    </message>
    <message>
        <location filename="../work/main/models/beam_table_model.cpp" line="142"/>
        <source>D</source>
        <translation>D</translation>
    </message>
    <message>
        <location filename="../work/main/models/beam_table_model.cpp" line="143"/>
        <source>L_CoLA</source>
        <translation>L_CoLA</translation>
    </message>
    <message>
        <location filename="../work/main/models/beam_table_model.cpp" line="144"/>
        <source>L_cos</source>
        <translation>L_cos</translation>
    </message>
    <message>
        <location filename="../work/main/models/beam_table_model.cpp" line="145"/>
        <source>L</source>
        <translation>L</translation>
    </message>
    <message>
        <location filename="../work/main/models/beam_table_model.cpp" line="146"/>
        <source>PPL</source>
        <translation>PPL</translation>
    </message>
    <message>
        <location filename="../work/main/models/beam_table_model.cpp" line="147"/>
        <source>Injected</source>
        <translation>Injiziert</translation>
    </message>
    <message>
        <location filename="../work/main/models/beam_table_model.cpp" line="153"/>
        <source>Rank in the beam (1 = lowest objective)</source>
        <translation>Rang im Strahl (1 = niedrigster Zielwert)</translation>
    </message>
    <message>
        <location filename="../work/main/models/beam_table_model.cpp" line="154"/>
        <source>Amber: words changed against the seed; bold red: substituted in this step. Hover a word for the original.</source>
        <translation>Bernstein: gegenüber dem Ausgangstext geänderte Wörter; fett rot: in diesem Schritt ersetzt. Für das Original mit der Maus über ein Wort fahren.</translation>
    </message>
    <message>
        <location filename="../work/main/models/beam_table_model.cpp" line="155"/>
        <source>Difficulty D (Sentinel score; lower = harder to translate)</source>
        <translation>Schwierigkeit D (Sentinel-Wert; niedriger = schwerer zu übersetzen)</translation>
    </message>
    <message>
        <location filename="../work/main/models/beam_table_model.cpp" line="156"/>
        <source>Fluency loss L_CoLA = -log P(acceptable)</source>
        <translation>Flüssigkeitsverlust L_CoLA = -log P(akzeptabel)</translation>
    </message>
    <message>
        <location filename="../work/main/models/beam_table_model.cpp" line="157"/>
        <source>Cohesion loss L_cos = 1 - cos(CLS, beam-mean CLS)</source>
        <translation>Kohäsionsverlust L_cos = 1 - cos(CLS, Strahlmittel-CLS)</translation>
    </message>
    <message>
        <location filename="../work/main/models/beam_table_model.cpp" line="158"/>
        <source>Objective L = D + lambda_f L_CoLA + lambda_c L_cos (phase 2: perplexity)</source>
        <translation>Zielfunktion L = D + lambda_f L_CoLA + lambda_c L_cos (Phase 2: Perplexität)</translation>
    </message>
    <message>
        <location filename="../work/main/models/beam_table_model.cpp" line="159"/>
        <source>Perplexity under the language model, when known</source>
        <translation>Perplexität unter dem Sprachmodell, falls bekannt</translation>
    </message>
    <message>
        <location filename="../work/main/models/beam_table_model.cpp" line="160"/>
        <source>Whether diversity injection added this member</source>
        <translation>Ob die Diversitätsinjektion dieses Mitglied aufgenommen hat</translation>
    </message>
</context>
<context>
    <name>gauntlet::BestPathView</name>
    <message>
        <location filename="../work/main/widgets/best_path_view.cpp" line="13"/>
        <source>The path of the best text appears here as steps finish.</source>
        <translation>Der Weg des besten Texts erscheint hier, sobald Schritte fertig sind.</translation>
    </message>
    <message>
        <location filename="../work/main/widgets/best_path_view.cpp" line="33"/>
        <source>Seed</source>
        <translation>Ausgangstext</translation>
    </message>
    <message>
        <location filename="../work/main/widgets/best_path_view.cpp" line="34"/>
        <source>Step %1</source>
        <translation>Schritt %1</translation>
    </message>
    <message>
        <location filename="../work/main/widgets/best_path_view.cpp" line="35"/>
        <source>Phase 2 start</source>
        <translation>Beginn Phase 2</translation>
    </message>
    <message>
        <location filename="../work/main/widgets/best_path_view.cpp" line="36"/>
        <source>Output</source>
        <translation>Ausgabe</translation>
    </message>
    <message>
        <location filename="../work/main/widgets/best_path_view.cpp" line="39"/>
        <source>L %1 · D %2 · PPL %3</source>
        <translation>L %1 · D %2 · PPL %3</translation>
    </message>
    <message>
        <location filename="../work/main/widgets/best_path_view.cpp" line="43"/>
        <source>selected by %1 (step %2)</source>
        <translation>gewählt nach %1 (Schritt %2)</translation>
    </message>
</context>
<context>
    <name>gauntlet::CandidateArchiveModel</name>
    <message>
        <location filename="../work/main/models/candidate_archive_model.cpp" line="104"/>
        <source>selected output</source>
        <translation>gewählte Ausgabe</translation>
    </message>
    <message>
        <location filename="../work/main/models/candidate_archive_model.cpp" line="123"/>
        <source>The run&apos;s output, selected from the archive</source>
        <translation>Die Ausgabe des Laufs, aus dem Archiv gewählt</translation>
    </message>
    <message>
        <location filename="../work/main/models/candidate_archive_model.cpp" line="138"/>
        <source>Step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <location filename="../work/main/models/candidate_archive_model.cpp" line="139"/>
        <source>Phase</source>
        <translation>Phase</translation>
    </message>
    <message>
        <location filename="../work/main/models/candidate_archive_model.cpp" line="140"/>
        <source>Text</source>
        <translation>Text</translation>
    </message>
    <message>
        <location filename="../work/main/models/candidate_archive_model.cpp" line="141"/>
        <source>D</source>
        <translation>D</translation>
    </message>
    <message>
        <location filename="../work/main/models/candidate_archive_model.cpp" line="142"/>
        <source>L_CoLA</source>
        <translation>L_CoLA</translation>
    </message>
    <message>
        <location filename="../work/main/models/candidate_archive_model.cpp" line="143"/>
        <source>L_cos</source>
        <translation>L_cos</translation>
    </message>
    <message>
        <location filename="../work/main/models/candidate_archive_model.cpp" line="144"/>
        <source>L</source>
        <translation>L</translation>
    </message>
    <message>
        <location filename="../work/main/models/candidate_archive_model.cpp" line="145"/>
        <source>PPL</source>
        <translation>PPL</translation>
    </message>
    <message>
        <location filename="../work/main/models/candidate_archive_model.cpp" line="146"/>
        <source>Output</source>
        <translation>Ausgabe</translation>
    </message>
</context>
<context>
    <name>gauntlet::ChangesDelegate</name>
    <message>
        <location filename="../work/main/widgets/beam_table_view.cpp" line="84"/>
        <source>Seed had: %1</source>
        <translation>Im Ausgangstext: %1</translation>
    </message>
    <message>
        <location filename="../work/main/widgets/beam_table_view.cpp" line="84"/>
        <location filename="../work/main/widgets/beam_table_view.cpp" line="86"/>
        <source>(nothing)</source>
        <translation>(nichts)</translation>
    </message>
    <message>
        <location filename="../work/main/widgets/beam_table_view.cpp" line="86"/>
        <source>Previous step had: %1</source>
        <translation>Im vorigen Schritt: %1</translation>
    </message>
</context>
<context>
    <name>gauntlet::ObjectiveChart</name>
    <message>
        <location filename="../work/main/widgets/objective_chart.cpp" line="37"/>
        <source>best L</source>
        <translation>bestes L</translation>
    </message>
    <message>
        <location filename="../work/main/widgets/objective_chart.cpp" line="37"/>
        <source>mean L</source>
        <translation>mittleres L</translation>
    </message>
    <message>
        <location filename="../work/main/widgets/objective_chart.cpp" line="38"/>
        <source>D</source>
        <translation>D</translation>
    </message>
    <message>
        <location filename="../work/main/widgets/objective_chart.cpp" line="38"/>
        <source>L_CoLA</source>
        <translation>L_CoLA</translation>
    </message>
    <message>
        <location filename="../work/main/widgets/objective_chart.cpp" line="39"/>
        <source>L_cos</source>
        <translation>L_cos</translation>
    </message>
    <message>
        <location filename="../work/main/widgets/objective_chart.cpp" line="40"/>
        <source>phase 2 starts</source>
        <translation>Beginn Phase 2</translation>
    </message>
    <message>
        <location filename="../work/main/widgets/objective_chart.cpp" line="41"/>
        <source>shown step</source>
        <translation>angezeigter Schritt</translation>
    </message>
    <message>
        <location filename="../work/main/widgets/objective_chart.cpp" line="44"/>
        <source>Objective per step</source>
        <translation>Zielfunktion pro Schritt</translation>
    </message>
    <message>
        <location filename="../work/main/widgets/objective_chart.cpp" line="47"/>
        <source>step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <location filename="../work/main/widgets/objective_chart.cpp" line="49"/>
        <source>objective L</source>
        <translation>Zielfunktion L</translation>
    </message>
    <message>
        <location filename="../work/main/widgets/objective_chart.cpp" line="50"/>
        <source>terms of the best text</source>
        <translation>Terme des besten Texts</translation>
    </message>
    <message>
        <location filename="../work/main/widgets/objective_chart.cpp" line="179"/>
        <location filename="../work/main/widgets/objective_chart.cpp" line="183"/>
        <source>Cannot write %1</source>
        <translation>%1 kann nicht geschrieben werden</translation>
    </message>
    <message>
        <location filename="../work/main/widgets/objective_chart.cpp" line="194"/>
        <source>Cannot write %1 (unknown image format or no permission)</source>
        <translation>%1 kann nicht geschrieben werden (unbekanntes Bildformat oder keine Berechtigung)</translation>
    </message>
</context>
<context>
    <name>gauntlet::RunHistoryModel</name>
    <message>
        <location filename="../work/main/models/run_history_model.cpp" line="94"/>
        <source>finished</source>
        <translation>fertig</translation>
    </message>
    <message>
        <location filename="../work/main/models/run_history_model.cpp" line="96"/>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <location filename="../work/main/models/run_history_model.cpp" line="98"/>
        <source>stopped</source>
        <translation>angehalten</translation>
    </message>
    <message>
        <location filename="../work/main/models/run_history_model.cpp" line="100"/>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <location filename="../work/main/models/run_history_model.cpp" line="112"/>
        <source>Run %1, %2
Seed: %3</source>
        <translation>Lauf %1, %2
Ausgangstext: %3</translation>
    </message>
    <message>
        <location filename="../work/main/models/run_history_model.cpp" line="114"/>
        <source>
Output (%1): %2</source>
        <translation>
Ausgabe (%1): %2</translation>
    </message>
    <message>
        <location filename="../work/main/models/run_history_model.cpp" line="116"/>
        <source>
Error: %1</source>
        <translation>
Fehler: %1</translation>
    </message>
    <message>
        <location filename="../work/main/models/run_history_model.cpp" line="117"/>
        <source>
Config: %1</source>
        <translation>
Konfiguration: %1</translation>
    </message>
    <message>
        <location filename="../work/main/models/run_history_model.cpp" line="135"/>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <location filename="../work/main/models/run_history_model.cpp" line="136"/>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <location filename="../work/main/models/run_history_model.cpp" line="137"/>
        <source>Method</source>
        <translation>Methode</translation>
    </message>
    <message>
        <location filename="../work/main/models/run_history_model.cpp" line="138"/>
        <source>Seed</source>
        <translation>Ausgangstext</translation>
    </message>
    <message>
        <location filename="../work/main/models/run_history_model.cpp" line="139"/>
        <source>Output</source>
        <translation>Ausgabe</translation>
    </message>
    <message>
        <location filename="../work/main/models/run_history_model.cpp" line="140"/>
        <source>Steps</source>
        <translation>Schritte</translation>
    </message>
    <message>
        <location filename="../work/main/models/run_history_model.cpp" line="141"/>
        <source>Best L</source>
        <translation>Bestes L</translation>
    </message>
    <message>
        <location filename="../work/main/models/run_history_model.cpp" line="142"/>
        <source>Started</source>
        <translation>Gestartet</translation>
    </message>
    <message>
        <location filename="../work/main/models/run_history_model.cpp" line="143"/>
        <source>Finished</source>
        <translation>Beendet</translation>
    </message>
</context>
<context>
    <name>gauntlet::SeedQueueModel</name>
    <message>
        <location filename="../models/seed_queue_model.cpp" line="77"/>
        <source>skipped</source>
        <translation>übersprungen</translation>
    </message>
    <message>
        <location filename="../work/main/models/seed_queue_model.cpp" line="71"/>
        <source>queued</source>
        <translation>wartet</translation>
    </message>
    <message>
        <location filename="../work/main/models/seed_queue_model.cpp" line="72"/>
        <source>loading models</source>
        <translation>lädt Modelle</translation>
    </message>
    <message>
        <location filename="../work/main/models/seed_queue_model.cpp" line="73"/>
        <source>step %1 of %2</source>
        <translation>Schritt %1 von %2</translation>
    </message>
    <message>
        <location filename="../work/main/models/seed_queue_model.cpp" line="74"/>
        <source>finished</source>
        <translation>fertig</translation>
    </message>
    <message>
        <location filename="../work/main/models/seed_queue_model.cpp" line="75"/>
        <source>stopped at step %1</source>
        <translation>angehalten bei Schritt %1</translation>
    </message>
    <message>
        <location filename="../work/main/models/seed_queue_model.cpp" line="76"/>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <location filename="../work/main/models/seed_queue_model.cpp" line="98"/>
        <source>Seed</source>
        <translation>Ausgangstext</translation>
    </message>
    <message>
        <location filename="../work/main/models/seed_queue_model.cpp" line="99"/>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <location filename="../work/main/models/seed_queue_model.cpp" line="100"/>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
</context>
<context>
    <name>gauntlet::StepStatsModel</name>
    <message>
        <location filename="../work/main/models/step_stats_model.cpp" line="124"/>
        <source>Step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <location filename="../work/main/models/step_stats_model.cpp" line="125"/>
        <source>Phase</source>
        <translation>Phase</translation>
    </message>
    <message>
        <location filename="../work/main/models/step_stats_model.cpp" line="126"/>
        <source>Best L</source>
        <translation>Bestes L</translation>
    </message>
    <message>
        <location filename="../work/main/models/step_stats_model.cpp" line="127"/>
        <source>Mean L</source>
        <translation>Mittleres L</translation>
    </message>
    <message>
        <location filename="../work/main/models/step_stats_model.cpp" line="128"/>
        <source>D (best)</source>
        <translation>D (bester)</translation>
    </message>
    <message>
        <location filename="../work/main/models/step_stats_model.cpp" line="129"/>
        <source>L_CoLA (best)</source>
        <translation>L_CoLA (bester)</translation>
    </message>
    <message>
        <location filename="../work/main/models/step_stats_model.cpp" line="130"/>
        <source>L_cos (best)</source>
        <translation>L_cos (bester)</translation>
    </message>
    <message>
        <location filename="../work/main/models/step_stats_model.cpp" line="131"/>
        <source>PPL (best)</source>
        <translation>PPL (bester)</translation>
    </message>
    <message>
        <location filename="../work/main/models/step_stats_model.cpp" line="132"/>
        <source>Candidates</source>
        <translation>Kandidaten</translation>
    </message>
    <message>
        <location filename="../work/main/models/step_stats_model.cpp" line="133"/>
        <source>Seconds</source>
        <translation>Sekunden</translation>
    </message>
</context>
<context>
    <name>gauntlet::TraceView</name>
    <message>
        <location filename="../work/main/widgets/trace_view.cpp" line="53"/>
        <source>Step shown in the beam table (Alt+Left / Alt+Right)</source>
        <translation>In der Strahltabelle angezeigter Schritt (Alt+Links / Alt+Rechts)</translation>
    </message>
    <message>
        <location filename="../work/main/widgets/trace_view.cpp" line="76"/>
        <source>Filter the archive by text...</source>
        <translation>Archiv nach Text filtern...</translation>
    </message>
    <message>
        <location filename="../work/main/widgets/trace_view.cpp" line="86"/>
        <source>Best path</source>
        <translation>Bester Weg</translation>
    </message>
    <message>
        <location filename="../work/main/widgets/trace_view.cpp" line="87"/>
        <source>Candidate archive</source>
        <translation>Kandidatenarchiv</translation>
    </message>
    <message>
        <location filename="../work/main/widgets/trace_view.cpp" line="96"/>
        <source>Step:</source>
        <translation>Schritt:</translation>
    </message>
    <message>
        <location filename="../work/main/widgets/trace_view.cpp" line="142"/>
        <location filename="../work/main/widgets/trace_view.cpp" line="285"/>
        <source>no steps yet</source>
        <translation>noch keine Schritte</translation>
    </message>
    <message>
        <location filename="../work/main/widgets/trace_view.cpp" line="295"/>
        <source>step %1 of %2 · phase %3</source>
        <translation>Schritt %1 von %2 · Phase %3</translation>
    </message>
</context>
</TS>
