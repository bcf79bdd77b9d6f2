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
    <name>QObject</name>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="56"/>
        <source>85-100: very good</source>
        <translation>85-100: sehr gut</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="57"/>
        <source>65-80: good</source>
        <translation>65-80: gut</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="58"/>
        <source>45-60: acceptable</source>
        <translation>45-60: akzeptabel</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="59"/>
        <source>25-40: borderline</source>
        <translation>25-40: grenzwertig</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="62"/>
        <source>0-20: not acceptable</source>
        <translation>0-20: nicht akzeptabel</translation>
    </message>
</context>
<context>
    <name>gauntlet::AcceptanceGate</name>
    <message>
        <location filename="../engine/verify/acceptance_gate.cpp" line="90"/>
        <source>reference</source>
        <translation>Referenz</translation>
    </message>
    <message>
        <location filename="../engine/verify/acceptance_gate.cpp" line="126"/>
        <source>Add at least one verification rule.</source>
        <translation>Fügen Sie mindestens eine Prüfregel hinzu.</translation>
    </message>
    <message>
        <location filename="../engine/verify/acceptance_gate.cpp" line="143"/>
        <source>Write the reference translation: it must pass every rule.</source>
        <translation>Schreiben Sie die Referenzübersetzung: Sie muss jede Regel bestehen.</translation>
    </message>
    <message>
        <location filename="../engine/verify/acceptance_gate.cpp" line="146"/>
        <source>The reference passes every rule.</source>
        <translation>Die Referenz besteht jede Regel.</translation>
    </message>
    <message>
        <location filename="../engine/verify/acceptance_gate.cpp" line="149"/>
        <source>The reference fails a rule; fix the reference or the rule.</source>
        <translation>Die Referenz besteht eine Regel nicht; korrigieren Sie die Referenz oder die Regel.</translation>
    </message>
    <message>
        <location filename="../engine/verify/acceptance_gate.cpp" line="152"/>
        <source>Some of the reference&apos;s verdicts are unknown; verify it first.</source>
        <translation>Einige Urteile über die Referenz fehlen noch; prüfen Sie sie zuerst.</translation>
    </message>
    <message>
        <location filename="../engine/verify/acceptance_gate.cpp" line="158"/>
        <source>Translate with at least one MT system: the gate needs MT outputs that fail the rules.</source>
        <translation>Übersetzen Sie mit mindestens einem MÜ-System: Das Aufnahmekriterium braucht MÜ-Ausgaben, die an den Regeln scheitern.</translation>
    </message>
    <message numerus="yes">
        <location filename="../engine/verify/acceptance_gate.cpp" line="175"/>
        <source>LTB allows 2 of 10 MT outputs to pass all rules (at least 8 of 10 fail). With %n MT output(s), Gauntlet allows %1 to pass all rules (at most 2, never all); LTB&apos;s share would need %2 of %n to fail: add systems for a gate as strict as LTB&apos;s.</source>
        <translation>
            <numerusform>LTB erlaubt, dass 2 von 10 MÜ-Ausgaben alle Regeln bestehen (mindestens 8 von 10 scheitern). Bei %n MÜ-Ausgabe erlaubt Gauntlet, dass %1 alle Regeln bestehen (höchstens 2, nie alle); nach dem Anteil von LTB müssten %2 von %n scheitern: Fügen Sie Systeme hinzu, damit das Kriterium so streng ist wie bei LTB.</numerusform>
            <numerusform>LTB erlaubt, dass 2 von 10 MÜ-Ausgaben alle Regeln bestehen (mindestens 8 von 10 scheitern). Bei %n MÜ-Ausgaben erlaubt Gauntlet, dass %1 alle Regeln bestehen (höchstens 2, nie alle); nach dem Anteil von LTB müssten %2 von %n scheitern: Fügen Sie Systeme hinzu, damit das Kriterium so streng ist wie bei LTB.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../engine/verify/acceptance_gate.cpp" line="171"/>
        <source>%n MT output(s) have unknown verdicts and could still pass all rules.</source>
        <translation>
            <numerusform>%n MÜ-Ausgabe hat noch unbekannte Urteile und könnte alle Regeln bestehen.</numerusform>
            <numerusform>%n MÜ-Ausgaben haben noch unbekannte Urteile und könnten alle Regeln bestehen.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../engine/verify/acceptance_gate.cpp" line="162"/>
        <source>MT outputs that pass all rules: %1 of %2; at most %3 may (so at least %4 of %2 must fail).</source>
        <translation>MÜ-Ausgaben, die alle Regeln bestehen: %1 von %2; höchstens %3 dürfen es (also müssen mindestens %4 von %2 scheitern).</translation>
    </message>
    <message>
        <location filename="../engine/verify/acceptance_gate.cpp" line="183"/>
        <source>Rule %1 tests nothing: no MT output fails it.</source>
        <translation>Regel %1 prüft nichts: Keine MÜ-Ausgabe scheitert an ihr.</translation>
    </message>
    <message>
        <location filename="../engine/verify/acceptance_gate.cpp" line="215"/>
        <source>Agreement needs at least two verifiers.</source>
        <translation>Für die Übereinstimmung braucht es mindestens zwei Prüfer.</translation>
    </message>
</context>
<context>
    <name>gauntlet::AcceptanceGateBox</name>
    <message>
        <location filename="../app/workspaces/acceptance_gate_box.cpp" line="37"/>
        <source>Acceptance gate</source>
        <translation>Aufnahmekriterium</translation>
    </message>
    <message>
        <location filename="../app/workspaces/acceptance_gate_box.cpp" line="45"/>
        <source>&amp;Submit for review</source>
        <translation>Zur Prüfung &amp;einreichen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/acceptance_gate_box.cpp" line="47"/>
        <source>Enabled when the gate holds: the reference passes every rule and at most 2 MT outputs pass all rules</source>
        <translation>Aktiv, wenn das Aufnahmekriterium erfüllt ist: Die Referenz erfüllt jede Regel und höchstens 2 MÜ-Ausgaben erfüllen alle Regeln</translation>
    </message>
    <message>
        <location filename="../app/workspaces/acceptance_gate_box.cpp" line="87"/>
        <source>Write the source text, the reference and rules, then translate and verify.</source>
        <translation>Quelltext, Referenz und Regeln schreiben, dann übersetzen und prüfen.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/acceptance_gate_box.cpp" line="67"/>
        <source>&lt;b style=&apos;color:#2e7d32&apos;&gt;The gate holds.&lt;/b&gt;</source>
        <translation>&lt;b style=&apos;color:#2e7d32&apos;&gt;Das Aufnahmekriterium ist erfüllt.&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../app/workspaces/acceptance_gate_box.cpp" line="68"/>
        <source>&lt;b style=&apos;color:#c62828&apos;&gt;The gate does not hold.&lt;/b&gt;</source>
        <translation>&lt;b style=&apos;color:#c62828&apos;&gt;Das Aufnahmekriterium ist nicht erfüllt.&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../app/workspaces/acceptance_gate_box.cpp" line="69"/>
        <source>&lt;b style=&apos;color:#ef6c00&apos;&gt;The gate is undecided.&lt;/b&gt;</source>
        <translation>&lt;b style=&apos;color:#ef6c00&apos;&gt;Das Aufnahmekriterium ist noch offen.&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../app/workspaces/acceptance_gate_box.cpp" line="75"/>
        <source>&lt;br&gt;Verifiers agree on %1 of %2 pairs%3.</source>
        <translation>&lt;br&gt;Die Prüfer stimmen bei %1 von %2 Paaren überein%3.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/acceptance_gate_box.cpp" line="78"/>
        <source> (Krippendorff&apos;s alpha %1)</source>
        <translation> (Krippendorffs Alpha %1)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/acceptance_gate_box.cpp" line="80"/>
        <source>&lt;b style=&apos;color:#c62828&apos;&gt;The source text changed after the MT outputs were made: translate again (or remove the old outputs) before submitting.&lt;/b&gt;</source>
        <translation>&lt;b style=&apos;color:#c62828&apos;&gt;Der Quelltext wurde nach dem Erstellen der MÜ-Ausgaben geändert: vor dem Einreichen neu übersetzen (oder die alten Ausgaben entfernen).&lt;/b&gt;</translation>
    </message>
</context>
<context>
    <name>gauntlet::AdjudicationPage</name>
    <message>
        <location filename="../app/workspaces/evaluate_adjudication_page.cpp" line="63"/>
        <source>Save Adjudication</source>
        <translation>Adjudikation speichern</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_adjudication_page.cpp" line="68"/>
        <source>Translation:</source>
        <translation>Übersetzung:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_adjudication_page.cpp" line="69"/>
        <source>Adjudicator:</source>
        <translation>Adjudikator:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_adjudication_page.cpp" line="103"/>
        <source>Group</source>
        <translation>Gruppe</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_adjudication_page.cpp" line="103"/>
        <source>Annotator</source>
        <translation>Annotator</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_adjudication_page.cpp" line="103"/>
        <location filename="../app/workspaces/evaluate_adjudication_page.cpp" line="106"/>
        <source>Offsets</source>
        <translation>Positionen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_adjudication_page.cpp" line="103"/>
        <location filename="../app/workspaces/evaluate_adjudication_page.cpp" line="106"/>
        <source>Severity</source>
        <translation>Schweregrad</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_adjudication_page.cpp" line="103"/>
        <location filename="../app/workspaces/evaluate_adjudication_page.cpp" line="106"/>
        <source>Text</source>
        <translation>Text</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_adjudication_page.cpp" line="104"/>
        <source>Every annotator&apos;s spans; spans that overlap form one group</source>
        <translation>Die Fehlerspannen aller Annotatoren; überlappende Fehlerspannen bilden eine Gruppe</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_adjudication_page.cpp" line="106"/>
        <source>Decision</source>
        <translation>Entscheidung</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_adjudication_page.cpp" line="106"/>
        <source>From</source>
        <translation>Von</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_adjudication_page.cpp" line="107"/>
        <source>The adjudicated spans and where each came from</source>
        <translation>Die adjudizierten Fehlerspannen und ihre Herkunft</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_adjudication_page.cpp" line="118"/>
        <source>Annotators&apos; spans</source>
        <translation>Fehlerspannen der Annotatoren</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_adjudication_page.cpp" line="121"/>
        <source>Adjudicated spans</source>
        <translation>Adjudizierte Fehlerspannen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_adjudication_page.cpp" line="138"/>
        <source>&amp;Accept</source>
        <translation>Ü&amp;bernehmen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_adjudication_page.cpp" line="138"/>
        <source>Take the selected span as it is (A)</source>
        <translation>Die gewählte Fehlerspanne unverändert übernehmen (A)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_adjudication_page.cpp" line="139"/>
        <source>Accept All of Annotator</source>
        <translation>Alles des Annotators übernehmen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_adjudication_page.cpp" line="139"/>
        <source>Take every span and the score of the selected span&apos;s annotator (Shift+A)</source>
        <translation>Alle Fehlerspannen und die Bewertung des Annotators der gewählten Fehlerspanne übernehmen (Umschalt+A)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_adjudication_page.cpp" line="140"/>
        <source>Merge: &amp;Union</source>
        <translation>Zusammenführen: &amp;Vereinigung</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_adjudication_page.cpp" line="140"/>
        <source>Merge the selected group&apos;s spans into the smallest span covering all (U)</source>
        <translation>Die Fehlerspannen der gewählten Gruppe zur kleinsten Spanne zusammenführen, die alle abdeckt (U)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_adjudication_page.cpp" line="141"/>
        <source>Merge: &amp;Intersection</source>
        <translation>Zusammenführen: &amp;Schnitt</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_adjudication_page.cpp" line="141"/>
        <source>Merge the selected group&apos;s spans into the characters all of them mark (I)</source>
        <translation>Die Fehlerspannen der gewählten Gruppe auf die Zeichen zusammenführen, die alle markieren (I)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_adjudication_page.cpp" line="142"/>
        <source>&amp;Reject</source>
        <translation>&amp;Verwerfen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_adjudication_page.cpp" line="142"/>
        <source>No error here: drop the adjudicated span of the selected group (R, Delete)</source>
        <translation>Hier kein Fehler: die adjudizierte Fehlerspanne der gewählten Gruppe entfernen (R, Entf)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_adjudication_page.cpp" line="159"/>
        <source>Score:</source>
        <translation>Bewertung:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_adjudication_page.cpp" line="160"/>
        <source>Take an annotator&apos;s score, or set it by hand</source>
        <translation>Die Bewertung eines Annotators übernehmen oder von Hand setzen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_adjudication_page.cpp" line="164"/>
        <source>not set</source>
        <translation>nicht gesetzt</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_adjudication_page.cpp" line="188"/>
        <location filename="../app/workspaces/evaluate_adjudication_page.cpp" line="195"/>
        <source>score</source>
        <translation>Bewertung</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_adjudication_page.cpp" line="264"/>
        <source>No translation of this campaign has answers from two or more annotators yet.</source>
        <translation>Noch keine Übersetzung dieser Kampagne hat Antworten von zwei oder mehr Annotatoren.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_adjudication_page.cpp" line="290"/>
        <source>Adjudicated by %1 at %2.</source>
        <translation>Adjudiziert von %1 am %2.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_adjudication_page.cpp" line="300"/>
        <source>set by hand</source>
        <translation>von Hand gesetzt</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_adjudication_page.cpp" line="302"/>
        <source>from %1 (%2)</source>
        <translation>von %1 (%2)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_adjudication_page.cpp" line="356"/>
        <source>accept</source>
        <translation>übernehmen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_adjudication_page.cpp" line="365"/>
        <source>accept all</source>
        <translation>alles übernehmen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_adjudication_page.cpp" line="392"/>
        <source>Nothing to reject: the adjudicated answer has no span in group %1.</source>
        <translation>Nichts zu verwerfen: Die abgeglichene Antwort hat keinen Fehlerbereich in Gruppe %1.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_adjudication_page.cpp" line="395"/>
        <source>reject</source>
        <translation>verwerfen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_adjudication_page.cpp" line="396"/>
        <source>Rejected group %1: its span is not in the adjudicated answer (Ctrl+Z undoes).</source>
        <translation>Gruppe %1 verworfen: Ihr Fehlerbereich ist nicht in der abgeglichenen Antwort (Strg+Z macht es rückgängig).</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_adjudication_page.cpp" line="429"/>
        <source>Saved as the answer of &quot;adjudicated&quot; (%1, %2).</source>
        <translation>Als Antwort von „adjudicated“ gespeichert (%1, %2).</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_adjudication_page.cpp" line="432"/>
        <source>Not saved: %1</source>
        <translation>Nicht gespeichert: %1</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_adjudication_page.cpp" line="442"/>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_adjudication_page.cpp" line="447"/>
        <source>adjudicated · %1</source>
        <translation>adjudiziert · %1</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/workspaces/evaluate_adjudication_page.cpp" line="255"/>
        <source>%1 · %2 · stage %3 (%n annotators)</source>
        <translation>
            <numerusform>%1 · %2 · Stufe %3 (%n Annotator)</numerusform>
            <numerusform>%1 · %2 · Stufe %3 (%n Annotatoren)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_adjudication_page.cpp" line="228"/>
        <source>Unsaved adjudication</source>
        <translation>Ungespeicherte Adjudikation</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_adjudication_page.cpp" line="229"/>
        <source>The adjudication of %1 · %2 has unsaved changes. Save them first?</source>
        <translation>Die Adjudikation von %1 · %2 hat ungespeicherte Änderungen. Zuerst speichern?</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_adjudication_page.cpp" line="143"/>
        <source>Add Minor</source>
        <translation>Leicht hinzufügen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_adjudication_page.cpp" line="144"/>
        <source>Add Major</source>
        <translation>Schwer hinzufügen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_adjudication_page.cpp" line="143"/>
        <source>Mark the text selected in a row above as a minor error of the adjudicator&apos;s own (1)</source>
        <translation>Den in einer Zeile oben markierten Text als eigenen leichten Fehler der Adjudikation markieren (1)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_adjudication_page.cpp" line="144"/>
        <source>Mark the text selected in a row above as a major error of the adjudicator&apos;s own (2)</source>
        <translation>Den in einer Zeile oben markierten Text als eigenen schweren Fehler der Adjudikation markieren (2)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_adjudication_page.cpp" line="403"/>
        <source>Select text in one of the rows above first.</source>
        <translation>Wählen Sie zuerst Text in einer der Zeilen oben aus.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_adjudication_page.cpp" line="411"/>
        <source>add</source>
        <translation>hinzufügen</translation>
    </message>
</context>
<context>
    <name>gauntlet::AnnotationPanel</name>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="711"/>
        <source>score of %1</source>
        <translation>Bewertung von %1</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="714"/>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="717"/>
        <source>rule form: rule %1</source>
        <translation>Regelbogen: Regel %1</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="721"/>
        <source>rule form: could an incorrect translation pass</source>
        <translation>Regelbogen: könnte eine falsche Übersetzung bestehen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="767"/>
        <source>Next (missing: %1)</source>
        <translation>Weiter (fehlt: %1)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="769"/>
        <source>Next (missing: %1, %2 and %3 more)</source>
        <translation>Weiter (fehlt: %1, %2 und %3 weitere)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="771"/>
        <source>Still missing: %1. Pressing Next shows the first.</source>
        <translation>Es fehlt noch: %1. Weiter zeigt das Erste davon.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="789"/>
        <source>Still missing: %1.</source>
        <translation>Es fehlt noch: %1.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="729"/>
        <source>must contain: %1</source>
        <translation>muss enthalten: %1</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="731"/>
        <source>must not contain: %1</source>
        <translation>darf nicht enthalten: %1</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="733"/>
        <source>must match the pattern: %1</source>
        <translation>muss dem Muster entsprechen: %1</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="735"/>
        <source>criterion: %1</source>
        <translation>Kriterium: %1</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="534"/>
        <source>(%1 → %2)</source>
        <translation>(%1 → %2)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="338"/>
        <source>Back</source>
        <translation>Zurück</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="338"/>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="765"/>
        <source>Next</source>
        <translation>Weiter</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="354"/>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="531"/>
        <source>Source</source>
        <translation>Quelltext</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="375"/>
        <source>Back to the previous item (Alt+Left)</source>
        <translation>Zurück zum vorigen Eintrag (Alt+Links)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="376"/>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="770"/>
        <source>Save and go on (Ctrl+Return)</source>
        <translation>Speichern und weiter (Strg+Eingabe)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="479"/>
        <source> · saved %1</source>
        <translation> · gespeichert %1</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="482"/>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="811"/>
        <source>Not saved: %1</source>
        <translation>Nicht gespeichert: %1</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="521"/>
        <source>Item %1 of %2</source>
        <translation>Eintrag %1 von %2</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="523"/>
        <source> · stage %1 of 2</source>
        <translation> · Stufe %1 von 2</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="525"/>
        <source> · tutorial</source>
        <translation> · Einführung</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="536"/>
        <source>(%1)</source>
        <translation>(%1)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="538"/>
        <source>(→ %1)</source>
        <translation>(→ %1)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="552"/>
        <source>Verification rules:</source>
        <translation>Prüfregeln:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="565"/>
        <source>The saved answer cannot be read (%1); answer the item again.</source>
        <translation>Die gespeicherte Antwort kann nicht gelesen werden (%1); den Eintrag bitte erneut beantworten.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="578"/>
        <source> · unfinished answer restored</source>
        <translation> · unfertige Antwort wiederhergestellt</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="622"/>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="649"/>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="664"/>
        <source>(choose)</source>
        <translation>(auswählen)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="645"/>
        <source>Rule form: are the verification rules right?</source>
        <translation>Regelbogen: Sind die Prüfregeln richtig?</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="650"/>
        <source>realistic</source>
        <translation>realistisch</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="651"/>
        <source>too strict</source>
        <translation>zu streng</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="652"/>
        <source>not sure</source>
        <translation>unsicher</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="665"/>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="666"/>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="673"/>
        <source>Could an incorrect translation pass all rules?</source>
        <translation>Könnte eine falsche Übersetzung alle Regeln erfüllen?</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="802"/>
        <source>This tutorial item is not answered right yet: look again at the translations and try again.</source>
        <translation>Dieser Einführungseintrag ist noch nicht richtig beantwortet: Übersetzungen noch einmal ansehen und erneut versuchen.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="803"/>
        <source>This answer looks wrong: please read the item again and correct it.</source>
        <translation>Diese Antwort scheint falsch: Bitte den Eintrag noch einmal lesen und korrigieren.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="823"/>
        <source>All items are answered. Thank you!</source>
        <translation>Alle Einträge sind beantwortet. Vielen Dank!</translation>
    </message>
</context>
<context>
    <name>gauntlet::AugmentComparePage</name>
    <message>
        <location filename="../app/workspaces/augment_compare_page.cpp" line="26"/>
        <source>The run shown on this side</source>
        <translation>Der auf dieser Seite gezeigte Lauf</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_compare_page.cpp" line="80"/>
        <source>Open a project first.</source>
        <translation>Öffnen Sie zuerst ein Projekt.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_compare_page.cpp" line="101"/>
        <source>Choose a run...</source>
        <translation>Lauf wählen...</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_compare_page.cpp" line="111"/>
        <source>Run %1 · %2 · %3</source>
        <translation>Lauf %1 · %2 · %3</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_compare_page.cpp" line="112"/>
        <source>Run %1 · %2 · %3 · %4</source>
        <translation>Lauf %1 · %2 · %3 · %4</translation>
    </message>
</context>
<context>
    <name>gauntlet::AugmentHistoryPage</name>
    <message>
        <location filename="../app/workspaces/augment_history_page.cpp" line="189"/>
        <source>Create Example from Output</source>
        <translation>Beispiel aus Ausgabe erstellen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_history_page.cpp" line="99"/>
        <source>Export JSONL...</source>
        <translation>Als JSONL exportieren...</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_history_page.cpp" line="92"/>
        <source>Filter runs by any column (method, settings, text, tag, note)...</source>
        <translation>Läufe nach jeder Spalte filtern (Methode, Einstellungen, Text, Schlagwort, Notiz)...</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_history_page.cpp" line="100"/>
        <source>The whole trace of the selected run as JSON Lines (the format of gauntlet augment --trace)</source>
        <translation>Die ganze Spur des gewählten Laufs als JSON Lines (das Format von gauntlet augment --trace)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_history_page.cpp" line="101"/>
        <source>Export CSV...</source>
        <translation>Als CSV exportieren...</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_history_page.cpp" line="102"/>
        <source>Every beam member of every step of the selected run as CSV</source>
        <translation>Jedes Strahlmitglied jedes Schritts des gewählten Laufs als CSV</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_history_page.cpp" line="103"/>
        <source>Save Chart...</source>
        <translation>Diagramm speichern...</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_history_page.cpp" line="104"/>
        <source>The objective chart as PNG or SVG</source>
        <translation>Das Zielfunktionsdiagramm als PNG oder SVG</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_history_page.cpp" line="105"/>
        <source>Compare</source>
        <translation>Vergleichen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_history_page.cpp" line="106"/>
        <source>Show the two selected runs side by side (select two rows with Ctrl+click)</source>
        <translation>Die zwei gewählten Läufe nebeneinander zeigen (zwei Zeilen mit Strg+Klick wählen)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_history_page.cpp" line="115"/>
        <source>Run Again</source>
        <translation>Neu starten</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_history_page.cpp" line="116"/>
        <source>Start the selected run&apos;s seed again with its settings (an interrupted or stopped run starts over from its seed)</source>
        <translation>Den Ausgangstext des gewählten Laufs mit dessen Einstellungen erneut starten (ein abgebrochener oder angehaltener Lauf beginnt wieder beim Ausgangstext)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_history_page.cpp" line="122"/>
        <source>Diff Settings</source>
        <translation>Unterschiede</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_history_page.cpp" line="123"/>
        <source>The settings in which the two selected runs differ</source>
        <translation>Die Einstellungen, in denen sich die zwei gewählten Läufe unterscheiden</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_history_page.cpp" line="125"/>
        <source>Overlay</source>
        <translation>Überlagern</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_history_page.cpp" line="126"/>
        <source>One chart with the objective of every selected run</source>
        <translation>Ein Diagramm mit der Zielfunktion jedes gewählten Laufs</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_history_page.cpp" line="128"/>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_history_page.cpp" line="129"/>
        <source>Delete the selected runs with their steps, archive and translations (Del; Undo with Ctrl+Z)</source>
        <translation>Die gewählten Läufe mit ihren Schritten, ihrem Archiv und ihren Übersetzungen löschen (Entf; rückgängig mit Strg+Z)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_history_page.cpp" line="135"/>
        <location filename="../app/workspaces/augment_history_page.cpp" line="282"/>
        <source>Delete Runs</source>
        <translation>Läufe löschen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_history_page.cpp" line="140"/>
        <location filename="../app/workspaces/augment_history_page.cpp" line="148"/>
        <source>Undo Delete</source>
        <translation>Löschen rückgängig</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_history_page.cpp" line="141"/>
        <source>Put back the runs just deleted (Ctrl+Z)</source>
        <translation>Die eben gelöschten Läufe wiederherstellen (Strg+Z)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_history_page.cpp" line="161"/>
        <source>Export</source>
        <translation>Exportieren</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_history_page.cpp" line="162"/>
        <source>Export the selected run as JSON Lines or CSV, or save its objective chart</source>
        <translation>Den gewählten Lauf als JSON Lines oder CSV exportieren oder sein Zielfunktionsdiagramm speichern</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_history_page.cpp" line="186"/>
        <location filename="../app/workspaces/augment_history_page.cpp" line="226"/>
        <location filename="../app/workspaces/augment_history_page.cpp" line="291"/>
        <source>Select a run above to replay it step by step (Alt+Left / Alt+Right).</source>
        <translation>Wählen Sie oben einen Lauf, um ihn Schritt für Schritt abzuspielen (Alt+Links / Alt+Rechts).</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_history_page.cpp" line="264"/>
        <location filename="../app/workspaces/augment_history_page.cpp" line="384"/>
        <location filename="../app/workspaces/augment_history_page.cpp" line="419"/>
        <source>Open a project first.</source>
        <translation>Öffnen Sie zuerst ein Projekt.</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/workspaces/augment_history_page.cpp" line="277"/>
        <source>Delete %n run(s) (%1) with their steps, candidate archive and translations?</source>
        <translation>
            <numerusform>%n Lauf (%1) mit seinen Schritten, seinem Kandidatenarchiv und seinen Übersetzungen löschen?</numerusform>
            <numerusform>%n Läufe (%1) mit ihren Schritten, Kandidatenarchiven und Übersetzungen löschen?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/workspaces/augment_history_page.cpp" line="280"/>
        <source>%n challenge example(s) made from them keep their texts but lose the link to the run.</source>
        <translation>
            <numerusform>%n daraus erstelltes Challenge-Beispiel behält seinen Text, verliert aber die Verknüpfung zum Lauf.</numerusform>
            <numerusform>%n daraus erstellte Challenge-Beispiele behalten ihre Texte, verlieren aber die Verknüpfung zum Lauf.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_history_page.cpp" line="281"/>
        <source>Undo (Ctrl+Z) puts them back until another deletion.</source>
        <translation>Rückgängig (Strg+Z) stellt sie bis zum nächsten Löschen wieder her.</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/workspaces/augment_history_page.cpp" line="295"/>
        <source>Deleted %n run(s).</source>
        <translation>
            <numerusform>%n Lauf gelöscht.</numerusform>
            <numerusform>%n Läufe gelöscht.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_history_page.cpp" line="295"/>
        <source>Put them back (Ctrl+Z)</source>
        <translation>Wiederherstellen (Strg+Z)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_history_page.cpp" line="312"/>
        <source>The deleted runs cannot be put back: %1</source>
        <translation>Die gelöschten Läufe können nicht wiederhergestellt werden: %1</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_history_page.cpp" line="388"/>
        <source>Run %1 · %2 · %3 · %4 · %5</source>
        <translation>Lauf %1 · %2 · %3 · %4 · %5</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_history_page.cpp" line="438"/>
        <source>Select a run to export first.</source>
        <translation>Zuerst einen Lauf zum Exportieren auswählen.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_history_page.cpp" line="443"/>
        <source>Export Run as JSON Lines</source>
        <translation>Lauf als JSON Lines exportieren</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_history_page.cpp" line="444"/>
        <source>JSON Lines (*.jsonl)</source>
        <translation>JSON Lines (*.jsonl)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_history_page.cpp" line="449"/>
        <source>Export Run as CSV</source>
        <translation>Lauf als CSV exportieren</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_history_page.cpp" line="449"/>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_history_page.cpp" line="454"/>
        <source>Save Chart</source>
        <translation>Diagramm speichern</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_history_page.cpp" line="455"/>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation>PNG-Bild (*.png);;SVG-Zeichnung (*.svg)</translation>
    </message>
</context>
<context>
    <name>gauntlet::AugmentLivePage</name>
    <message>
        <location filename="../app/workspaces/augment_live_page.cpp" line="26"/>
        <source>No run yet: choose seeds on the left and press Start (Ctrl+R).</source>
        <translation>Noch kein Lauf: Wählen Sie links Ausgangstexte und drücken Sie Start (Strg+R).</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_live_page.cpp" line="28"/>
        <source>Loading the models...</source>
        <translation>Modelle werden geladen...</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_live_page.cpp" line="35"/>
        <source>Run %1 · seed %2 of %3 · %4 · %5: %6</source>
        <translation>Lauf %1 · Ausgangstext %2 von %3 · %4 · %5: %6</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_live_page.cpp" line="68"/>
        <source>Starting...</source>
        <translation>Wird gestartet...</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_live_page.cpp" line="75"/>
        <source>Nothing ran: see the message above.</source>
        <translation>Nichts wurde ausgeführt: siehe die Meldung oben.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_live_page.cpp" line="75"/>
        <source>Stopped before the first step.</source>
        <translation>Vor dem ersten Schritt angehalten.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_live_page.cpp" line="81"/>
        <source>grammar and vocabulary guards</source>
        <translation>Grammatik- und Wortschatzschutz</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_live_page.cpp" line="83"/>
        <source>grammar guard</source>
        <translation>Grammatikschutz</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_live_page.cpp" line="85"/>
        <source>vocabulary guard</source>
        <translation>Wortschatzschutz</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_live_page.cpp" line="86"/>
        <source>no guards</source>
        <translation>ohne Schutzregeln</translation>
    </message>
</context>
<context>
    <name>gauntlet::AugmentQueueBox</name>
    <message>
        <location filename="../app/workspaces/augment_queue_box.cpp" line="12"/>
        <source>Queue</source>
        <translation>Warteschlange</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_queue_box.cpp" line="25"/>
        <source>The seeds of this job, run one after another</source>
        <translation>Die Ausgangstexte dieses Auftrags, nacheinander ausgeführt</translation>
    </message>
</context>
<context>
    <name>gauntlet::AugmentSession</name>
    <message>
        <location filename="../app/workspaces/augment_session.cpp" line="216"/>
        <source>Cannot load the models (%1): %2</source>
        <translation>Die Modelle können nicht geladen werden (%1): %2</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_session.cpp" line="193"/>
        <source>Cannot store runs in the project: %1</source>
        <translation>Läufe können nicht im Projekt gespeichert werden: %1</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_session.cpp" line="96"/>
        <source>Results are shown without this judge: %1</source>
        <translation>Die Ergebnisse werden ohne diesen Prüfer gezeigt: %1</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_session.cpp" line="207"/>
        <source>The settings are not valid: %1</source>
        <translation>Die Einstellungen sind ungültig: %1</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_session.cpp" line="210"/>
        <source>Cannot use the MT term: %1</source>
        <translation>Der MÜ-Term kann nicht verwendet werden: %1</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_session.cpp" line="213"/>
        <source>Cannot start the judges: %1</source>
        <translation>Die Bewerter können nicht gestartet werden: %1</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_session.cpp" line="222"/>
        <source>The run failed: %1</source>
        <translation>Der Lauf ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_session.cpp" line="382"/>
        <source>Seed %1 cannot be searched: %2</source>
        <translation>Ausgangstext %1 kann nicht durchsucht werden: %2</translation>
    </message>
</context>
<context>
    <name>gauntlet::AugmentSettingsForm</name>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="51"/>
        <source>Method and search settings</source>
        <translation>Methode und Sucheinstellungen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="72"/>
        <source>ATO-Direct</source>
        <translation>ATO-Direct</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="73"/>
        <source>ATO-TwoPhase</source>
        <translation>ATO-TwoPhase</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="74"/>
        <source>Random words (baseline)</source>
        <translation>Zufällige Wörter (Vergleichsverfahren)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="75"/>
        <source>Random subwords (baseline)</source>
        <translation>Zufällige Teilwörter (Vergleichsverfahren)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="76"/>
        <source>ATO-Direct (Algorithm 2): whole-word vocabulary, candidate archive, lowest-perplexity output.
ATO-TwoPhase (Algorithm 3): subword phase 1, then perplexity steps in the language model&apos;s tokens.
Baselines: exactly R words or subword tokens replaced at random (Section 3.5, Appendix B.4).</source>
        <translation>ATO-Direct (Algorithmus 2): Ganzwort-Vokabular, Kandidatenarchiv, Ausgabe mit der niedrigsten Perplexität.
ATO-TwoPhase (Algorithmus 3): Teilwort-Phase 1, dann Perplexitätsschritte in den Token des Sprachmodells.
Vergleichsverfahren: genau R Wörter oder Teilwort-Token zufällig ersetzt (Abschnitt 3.5, Anhang B.4).</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="79"/>
        <source>B: beam members kept per step (paper: 50)</source>
        <translation>B: pro Schritt behaltene Strahlmitglieder (Paper: 50)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="80"/>
        <source>K: top (position, token) pairs by gradient over L x |V| (paper: 200)</source>
        <translation>K: beste (Position, Token)-Paare nach Gradient über L x |V| (Paper: 200)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="81"/>
        <source>N: candidates sampled per beam member (paper: 64)</source>
        <translation>N: gezogene Kandidaten pro Strahlmitglied (Paper: 64)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="82"/>
        <source>R: members drawn at random from the rest of the pool, diversity injection (paper: 15); must be below B</source>
        <translation>R: zufällig aus dem Rest des Pools gezogene Mitglieder, Diversitätsinjektion (Paper: 15); muss kleiner als B sein</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="83"/>
        <source>T (ATO-Direct) / T1 (phase 1 of ATO-TwoPhase): not stated in the paper; 20 by default</source>
        <translation>T (ATO-Direct) / T1 (Phase 1 von ATO-TwoPhase): im Paper nicht angegeben; standardmäßig 20</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="84"/>
        <source>Positions substituted in this many preceding iterations are frozen (paper: 2)</source>
        <translation>In so vielen vorangehenden Iterationen ersetzte Positionen sind eingefroren (Paper: 2)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="85"/>
        <source>lambda_f: weight of L_CoLA = -log P(acceptable) in L = D + lambda_f L_CoLA + lambda_c L_cos (paper: 20)</source>
        <translation>lambda_f: Gewicht von L_CoLA = -log P(akzeptabel) in L = D + lambda_f L_CoLA + lambda_c L_cos (Paper: 20)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="86"/>
        <source>lambda_c: weight of L_cos = 1 - cos(CLS, beam-mean CLS) (paper: 50)</source>
        <translation>lambda_c: Gewicht von L_cos = 1 - cos(CLS, Strahlmittel-CLS) (Paper: 50)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="87"/>
        <source>T2: perplexity-only steps of ATO-TwoPhase&apos;s phase 2 (paper: 40)</source>
        <translation>T2: reine Perplexitätsschritte in Phase 2 von ATO-TwoPhase (Paper: 40)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="88"/>
        <source>Tokens the random baselines replace (paper: exactly 2)</source>
        <translation>Token, die die Zufalls-Vergleichsverfahren ersetzen (Paper: genau 2)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="98"/>
        <source>Seeds every random draw of the run: the same settings, seed text and models give the same run</source>
        <translation>Initialisiert jede Zufallsziehung des Laufs: gleiche Einstellungen, Ausgangstext und Modelle ergeben denselben Lauf</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="102"/>
        <source>cpu, or cuda / cuda:N with a CUDA build of libtorch</source>
        <translation>cpu, oder cuda / cuda:N mit einer CUDA-Version von libtorch</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="108"/>
        <source>Scorer dtype</source>
        <translation>Datentyp der Bewerter</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="109"/>
        <source>CPU threads for torch; 0 = all cores</source>
        <translation>CPU-Threads für torch; 0 = alle Kerne</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="110"/>
        <source>all cores</source>
        <translation>alle Kerne</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="46"/>
        <source>Uncheck the four guards for the paper&apos;s unguarded search.</source>
        <translation>Alle vier Schutzfilter abwählen für die ungeschützte Suche des Artikels.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="91"/>
        <source>All words</source>
        <translation>Alle Wörter</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="92"/>
        <source>Common words</source>
        <translation>Häufige Wörter</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="93"/>
        <source>Rare words</source>
        <translation>Seltene Wörter</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="94"/>
        <source>Random words: draw from all whole words, or from the common or the rare half of those with Zipf frequency above 2.5, split at their median (Appendix B.4; the model pack&apos;s word frequencies)</source>
        <translation>Zufällige Wörter: aus allen ganzen Wörtern ziehen oder aus der häufigen oder der seltenen Hälfte derer mit Zipf-Häufigkeit über 2,5, geteilt an ihrem Median (Anhang B.4; die Worthäufigkeiten des Modellpakets)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="112"/>
        <source>Grammar guard (link-grammar)</source>
        <translation>Grammatikschutz (link-grammar)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="113"/>
        <source>A candidate enters the beam, or becomes the output, only if link-grammar parses it with no more null links (words left unlinked) than the seed, at a cost at most 1 above the seed&apos;s, and every word it changed keeps the seed word&apos;s part of speech. Not in the paper.</source>
        <translation>Ein Kandidat kommt nur dann in den Beam oder wird zur Ausgabe, wenn link-grammar ihn mit nicht mehr Null-Links (unverbundenen Wörtern) als den Ausgangstext analysiert, mit Kosten höchstens 1 über denen des Ausgangstexts, und jedes geänderte Wort die Wortart des ursprünglichen Worts behält. Nicht im Paper.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="117"/>
        <source>Vocabulary guard (common present-day words)</source>
        <translation>Wortschatzschutz (gebräuchliche heutige Wörter)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="118"/>
        <source>Every word a candidate adds to the seed must be a common present-day English word (Zipf frequency %1 or more in the model pack&apos;s present-day table); rare, archaic and made-up words are never tried. Not in the paper.</source>
        <translation>Jedes Wort, das ein Kandidat dem Ausgangstext hinzufügt, muss ein gebräuchliches heutiges englisches Wort sein (Zipf-Häufigkeit %1 oder mehr in der Gegenwartstabelle des Modellpakets); seltene, veraltete und erfundene Wörter werden nie versucht. Nicht im Paper.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="127"/>
        <source>Method:</source>
        <translation>Methode:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="128"/>
        <source>Beam width B:</source>
        <translation>Strahlbreite B:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="129"/>
        <source>Shortlist K:</source>
        <translation>Vorauswahl K:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="130"/>
        <source>Candidates N:</source>
        <translation>Kandidaten N:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="131"/>
        <source>Injections R:</source>
        <translation>Injektionen R:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="132"/>
        <source>Steps T:</source>
        <translation>Schritte T:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="133"/>
        <source>Phase-2 steps T2:</source>
        <translation>Schritte Phase 2 T2:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="134"/>
        <source>Frozen iterations:</source>
        <translation>Eingefrorene Iterationen:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="135"/>
        <source>lambda_f:</source>
        <translation>lambda_f:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="136"/>
        <source>lambda_c:</source>
        <translation>lambda_c:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="137"/>
        <source>Replacements:</source>
        <translation>Ersetzungen:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="138"/>
        <source>Word bucket:</source>
        <translation>Wortgruppe:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="139"/>
        <source>Random seed:</source>
        <translation>Zufallsstartwert:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="140"/>
        <source>Device:</source>
        <translation>Gerät:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="141"/>
        <source>Dtype:</source>
        <translation>Datentyp:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="142"/>
        <source>Threads:</source>
        <translation>Threads:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="148"/>
        <source>Word relatives only (WordNet)</source>
        <translation>Nur verwandte Wörter (WordNet)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="149"/>
        <source>A word may become only a WordNet relative of the seed&apos;s word (synonym, sister term, broader or narrower term) in the same part of speech and inflection; function words, names and numbers stay. Restricts what is proposed, before sampling. Not in the paper.</source>
        <translation>Ein Wort darf nur durch ein in WordNet verwandtes Wort des Ausgangsworts ersetzt werden (Synonym, Schwesterbegriff, Ober- oder Unterbegriff), in derselben Wortart und Flexion; Funktionswörter, Namen und Zahlen bleiben. Schränkt ein, was vorgeschlagen wird, vor dem Ziehen. Nicht im Artikel.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="153"/>
        <source>Meaning kept (word vectors)</source>
        <translation>Bedeutung bewahrt (Wortvektoren)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="154"/>
        <source>With word relatives: a relative must be close to the seed&apos;s word in the model pack&apos;s word vectors (cosine at least %1) and fit the sentence&apos;s other words nearly as well; after &quot;a&quot;/&quot;an&quot; it must take the same article. Not in the paper.</source>
        <translation>Mit verwandten Wörtern: ein verwandtes Wort muss in den Wortvektoren des Modellpakets nahe am Ausgangswort liegen (Kosinus mindestens %1) und fast so gut zu den übrigen Wörtern des Satzes passen; nach „a“/„an“ muss es denselben Artikel verlangen. Nicht im Artikel.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="159"/>
        <source>Trigram context (CMU English LM)</source>
        <translation>Trigramm-Kontext (CMU-Sprachmodell Englisch)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="160"/>
        <source>A word is proposed only where CMU&apos;s trigram model finds it at most 10 times less likely in its context than the seed&apos;s word, a candidate is kept only if the whole text is at most 100 times less likely than the seed, and the output is the most plausible candidate harder than the seed. Not in the paper.</source>
        <translation>Ein Wort wird nur vorgeschlagen, wo das Trigramm-Modell der CMU es in seinem Kontext höchstens 10-mal unwahrscheinlicher findet als das Ausgangswort; ein Kandidat bleibt nur, wenn der ganze Text höchstens 100-mal unwahrscheinlicher ist als der Ausgangstext, und die Ausgabe ist der plausibelste Kandidat, der schwerer ist als der Ausgangstext. Nicht im Artikel.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="166"/>
        <source>Guards:</source>
        <translation>Schutzregeln:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="175"/>
        <source>Off</source>
        <translation>Aus</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="176"/>
        <source>A project MT system ranks the candidates the objective selects by how badly it handles them, with a signal that needs no reference: Apertium&apos;s unknown words, then the round trip&apos;s chrF. Add systems in Contribute under &apos;MT systems &amp; verifiers...&apos;. Not in the paper.</source>
        <translation>Ein MÜ-System des Projekts ordnet die Kandidaten, die die Zielfunktion auswählt, danach, wie schlecht es sie bewältigt, mit einem Signal ohne Referenz: den unbekannten Wörtern von Apertium, dann dem chrF der Rückübersetzung. Systeme fügen Sie unter Beitragen mit &apos;MÜ-Systeme &amp; Prüfer...&apos; hinzu. Nicht im Paper.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="181"/>
        <source>On the output (once per run)</source>
        <translation>Auf die Ausgabe (einmal pro Lauf)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="182"/>
        <source>On the beam (every step)</source>
        <translation>Auf den Strahl (jeder Schritt)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="183"/>
        <source>Output: the output is the worst-handled of the candidates the method&apos;s choice ranks first. Beam: each step, the worst-handled of the best accepted candidates lead the next beam.</source>
        <translation>Ausgabe: Die Ausgabe ist der am schlechtesten bewältigte der Kandidaten, die die Auswahl der Methode vorn einordnet. Strahl: In jedem Schritt führen die am schlechtesten bewältigten der besten angenommenen Kandidaten den nächsten Strahl an.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="187"/>
        <source>e.g. Spanish (chat systems)</source>
        <translation>z. B. Spanisch (Chat)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="188"/>
        <source>The language a chat system is asked to translate into; an Apertium pair has its own</source>
        <translation>Die Sprache, in die ein Chat-System übersetzen soll; ein Apertium-Paar hat seine eigene</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="196"/>
        <source>MT term:</source>
        <translation>MÜ-Term:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="197"/>
        <source>MT term acts:</source>
        <translation>MÜ-Term wirkt:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="198"/>
        <source>MT term target:</source>
        <translation>MÜ-Term-Zielsprache:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="223"/>
        <source>Paper defaults</source>
        <translation>Werte des Papers</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="226"/>
        <source>Undo defaults</source>
        <translation>Standardwerte rückgängig</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="228"/>
        <source>Bring back the settings Paper defaults replaced</source>
        <translation>Die Einstellungen zurückholen, die die Standardwerte des Papers ersetzt haben</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_settings_form.cpp" line="234"/>
        <source>Reset every search setting to the paper&apos;s default (the lambdas to the model pack&apos;s, if it recommends its own); the guards stay as they are</source>
        <translation>Alle Sucheinstellungen auf die Werte des Papers zurücksetzen (die Lambdas auf die des Modellpakets, falls es eigene empfiehlt); die Schutzregeln bleiben, wie sie sind</translation>
    </message>
</context>
<context>
    <name>gauntlet::AugmentSetupPanel</name>
    <message>
        <location filename="../app/workspaces/augment_setup_panel.cpp" line="63"/>
        <source>Seeds</source>
        <translation>Ausgangstexte</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_setup_panel.cpp" line="66"/>
        <source>From a seed set of the project</source>
        <translation>Aus einer Sammlung des Projekts</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_setup_panel.cpp" line="66"/>
        <source>From a file</source>
        <translation>Aus einer Datei</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_setup_panel.cpp" line="66"/>
        <source>Typed text</source>
        <translation>Eingegebener Text</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_setup_panel.cpp" line="67"/>
        <source>Where the seed texts come from</source>
        <translation>Woher die Ausgangstexte kommen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_setup_panel.cpp" line="72"/>
        <source>A seed set of the project (File &gt; Import Seeds adds more)</source>
        <translation>Eine Sammlung des Projekts (Datei &gt; Ausgangstexte importieren fügt weitere hinzu)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_setup_panel.cpp" line="78"/>
        <source>TSV, text or JSONL file</source>
        <translation>TSV-, Text- oder JSONL-Datei</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_setup_panel.cpp" line="80"/>
        <location filename="../app/workspaces/augment_setup_panel.cpp" line="143"/>
        <source>Choose...</source>
        <translation>Wählen...</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_setup_panel.cpp" line="85"/>
        <source>One seed text per line</source>
        <translation>Ein Ausgangstext pro Zeile</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_setup_panel.cpp" line="92"/>
        <source>Select one or more seeds (Ctrl/Shift+click); they run one after another</source>
        <translation>Einen oder mehrere Ausgangstexte wählen (Strg/Umschalt+Klick); sie laufen nacheinander</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_setup_panel.cpp" line="96"/>
        <source>Skip seeds already finished</source>
        <translation>Fertige Ausgangstexte überspringen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_setup_panel.cpp" line="98"/>
        <source>Leave out the seeds that already have a finished run of this method with these settings in the project, e.g. to go on after stopping a long job (the command line&apos;s --resume)</source>
        <translation>Die Ausgangstexte auslassen, die im Projekt schon einen fertigen Lauf dieser Methode mit diesen Einstellungen haben, z. B. um nach dem Anhalten eines langen Auftrags weiterzumachen (--resume der Befehlszeile)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_setup_panel.cpp" line="124"/>
        <source>Seed File</source>
        <translation>Ausgangstext-Datei</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_setup_panel.cpp" line="124"/>
        <source>Seed files (*.tsv *.txt *.jsonl);;All files (*)</source>
        <translation>Ausgangstext-Dateien (*.tsv *.txt *.jsonl);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_setup_panel.cpp" line="136"/>
        <source>Models</source>
        <translation>Modelle</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_setup_panel.cpp" line="140"/>
        <source>the default model pack</source>
        <translation>das Standard-Modellpaket</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_setup_panel.cpp" line="141"/>
        <source>A model pack folder with difficulty/ (or sentinel/), acceptability/ (or cola/) and lm/; empty = the default pack shipped with Gauntlet</source>
        <translation>Ein Modellpaket-Ordner mit difficulty/ (oder sentinel/), acceptability/ (oder cola/) und lm/; leer = das mit Gauntlet ausgelieferte Standardpaket</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_setup_panel.cpp" line="153"/>
        <source>Model Pack Folder</source>
        <translation>Modellpaket-Ordner</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_setup_panel.cpp" line="177"/>
        <source>Cannot read the project&apos;s MT systems: %1</source>
        <translation>Die MÜ-Systeme des Projekts können nicht gelesen werden: %1</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_setup_panel.cpp" line="328"/>
        <source>No default model pack was found; choose a model pack folder.</source>
        <translation>Kein Standard-Modellpaket gefunden; wählen Sie einen Modellpaket-Ordner.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_setup_panel.cpp" line="336"/>
        <source>%1
difficulty %2 · acceptability %3 · language model %4 · word list %5</source>
        <translation>%1
Schwierigkeit %2 · Akzeptabilität %3 · Sprachmodell %4 · Wortliste %5</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_setup_panel.cpp" line="343"/>
        <source>Recommends lambda_f %1, lambda_c %2 for its models (pack.json; the paper&apos;s 20 and 50 belong to Sentinel-src-25)</source>
        <translation>Empfiehlt lambda_f %1, lambda_c %2 für seine Modelle (pack.json; die 20 und 50 des Papers gehören zu Sentinel-src-25)</translation>
    </message>
</context>
<context>
    <name>gauntlet::AugmentStatusWidget</name>
    <message numerus="yes">
        <location filename="../app/workspaces/augment_status_widget.cpp" line="44"/>
        <source>Augment: %n seed(s) queued</source>
        <translation>
            <numerusform>Erweitern: %n Ausgangstext in der Warteschlange</numerusform>
            <numerusform>Erweitern: %n Ausgangstexte in der Warteschlange</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_status_widget.cpp" line="47"/>
        <source>Augment: loading the models...</source>
        <translation>Erweitern: Modelle werden geladen...</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_status_widget.cpp" line="52"/>
        <source>Augment: models ready (%1 s)</source>
        <translation>Erweitern: Modelle bereit (%1 s)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_status_widget.cpp" line="59"/>
        <source>Augment: all %1 steps done · judging and storing the results...</source>
        <translation>Augment: alle %1 Schritte erledigt · Ergebnisse werden bewertet und gespeichert...</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_status_widget.cpp" line="60"/>
        <source>Augment: step %1 of %2 · ETA %3</source>
        <translation>Erweitern: Schritt %1 von %2 · Restzeit %3</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_status_widget.cpp" line="68"/>
        <source>Augment: stopped after step %1 of %2; finished steps are saved</source>
        <translation>Erweitern: angehalten nach Schritt %1 von %2; fertige Schritte sind gespeichert</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_status_widget.cpp" line="69"/>
        <source>Augment: done</source>
        <translation>Erweitern: fertig</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_status_widget.cpp" line="80"/>
        <source>Augment: stopping after the current step...</source>
        <translation>Erweitern: hält nach dem aktuellen Schritt an...</translation>
    </message>
</context>
<context>
    <name>gauntlet::AugmentWorkspace</name>
    <message>
        <location filename="../app/workspaces/augment_workspace.cpp" line="51"/>
        <source>&amp;Live</source>
        <translation>&amp;Live</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_workspace.cpp" line="53"/>
        <source>&amp;History</source>
        <translation>&amp;Verlauf</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_workspace.cpp" line="55"/>
        <source>&amp;Compare</source>
        <translation>Ver&amp;gleichen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_workspace.cpp" line="110"/>
        <source>Start</source>
        <translation>Start</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_workspace.cpp" line="111"/>
        <source>Run the selected seeds (Ctrl+R)</source>
        <translation>Die gewählten Ausgangstexte ausführen (Strg+R)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_workspace.cpp" line="112"/>
        <source>Stop</source>
        <translation>Anhalten</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_workspace.cpp" line="113"/>
        <source>Stop after the current step; finished steps stay saved (Esc or Ctrl+.)</source>
        <translation>Nach dem aktuellen Schritt anhalten; fertige Schritte bleiben gespeichert (Esc oder Strg+.)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_workspace.cpp" line="162"/>
        <source>Start augmentation</source>
        <translation>Erweiterung starten</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_workspace.cpp" line="164"/>
        <source>Stop augmentation</source>
        <translation>Erweiterung anhalten</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_workspace.cpp" line="166"/>
        <source>Next step</source>
        <translation>Nächster Schritt</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_workspace.cpp" line="168"/>
        <source>Previous step</source>
        <translation>Vorheriger Schritt</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_workspace.cpp" line="227"/>
        <source>Open a project first.</source>
        <translation>Öffnen Sie zuerst ein Projekt.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_workspace.cpp" line="229"/>
        <source>A run is going on; stop it or wait for it before running another.</source>
        <translation>Ein Lauf ist im Gang; halten Sie ihn an oder warten Sie sein Ende ab, bevor Sie einen weiteren starten.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_workspace.cpp" line="235"/>
        <source>There is no run %1.</source>
        <translation>Es gibt keinen Lauf %1.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_workspace.cpp" line="238"/>
        <source>Run %1 cannot be run again: %2</source>
        <translation>Lauf %1 kann nicht erneut gestartet werden: %2</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_workspace.cpp" line="244"/>
        <source>Run %1 could not start again; the message above says why.</source>
        <translation>Lauf %1 konnte nicht erneut starten; die Meldung oben nennt den Grund.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_workspace.cpp" line="256"/>
        <source>Open a project first (File &gt; Open Project): every run is stored in it.</source>
        <translation>Öffnen Sie zuerst ein Projekt (Datei &gt; Projekt öffnen): Jeder Lauf wird darin gespeichert.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_workspace.cpp" line="261"/>
        <source>No seed chosen: select one or more seeds in the list, or type a seed text.</source>
        <translation>Kein Ausgangstext gewählt: Wählen Sie einen oder mehrere in der Liste oder geben Sie einen Text ein.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_workspace.cpp" line="269"/>
        <source>The search settings are not valid: %1</source>
        <translation>Die Sucheinstellungen sind ungültig: %1</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_workspace.cpp" line="277"/>
        <source>No model pack: the default pack was not found. Choose a model pack folder under Models.</source>
        <translation>Kein Modellpaket: Das Standardpaket wurde nicht gefunden. Wählen Sie unter Modelle einen Modellpaket-Ordner.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_workspace.cpp" line="282"/>
        <source>The model folder %1 cannot be used: it holds no difficulty model (difficulty/ or sentinel/).</source>
        <translation>Der Modellordner %1 ist nicht verwendbar: Er enthält kein Schwierigkeitsmodell (difficulty/ oder sentinel/).</translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_workspace.cpp" line="293"/>
        <source>Cannot read the project&apos;s finished runs: %1</source>
        <translation>Die fertigen Läufe des Projekts können nicht gelesen werden: %1</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/workspaces/augment_workspace.cpp" line="301"/>
        <source>All %n chosen seed(s) already have a finished run with these settings; uncheck &apos;Skip seeds already finished&apos; to run them again.</source>
        <translation>
            <numerusform>Der gewählte Ausgangstext hat schon einen fertigen Lauf mit diesen Einstellungen; deaktivieren Sie &apos;Fertige Ausgangstexte überspringen&apos;, um ihn erneut auszuführen.</numerusform>
            <numerusform>Alle %n gewählten Ausgangstexte haben schon einen fertigen Lauf mit diesen Einstellungen; deaktivieren Sie &apos;Fertige Ausgangstexte überspringen&apos;, um sie erneut auszuführen.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/workspaces/augment_workspace.cpp" line="306"/>
        <source>%n seed(s) skipped: they already have a finished run with these settings.</source>
        <translation>
            <numerusform>%n Ausgangstext übersprungen: Er hat schon einen fertigen Lauf mit diesen Einstellungen.</numerusform>
            <numerusform>%n Ausgangstexte übersprungen: Sie haben schon einen fertigen Lauf mit diesen Einstellungen.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/workspaces/augment_workspace.cpp" line="390"/>
        <source>There is no chart to save yet.</source>
        <translation>Es gibt noch kein Diagramm zum Speichern.</translation>
    </message>
</context>
<context>
    <name>gauntlet::BeamTableModel</name>
    <message>
        <location filename="../models/beam_table_model.cpp" line="40"/>
        <source>&lt;p&gt;&lt;b&gt;Tokens changed against the seed:&lt;/b&gt; %1&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Gegenüber dem Ausgangstext geänderte Token:&lt;/b&gt; %1&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../models/beam_table_model.cpp" line="42"/>
        <source>&lt;p&gt;&lt;b&gt;Substituted in this step:&lt;/b&gt; %1&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;In diesem Schritt ersetzt:&lt;/b&gt; %1&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../models/beam_table_model.cpp" line="44"/>
        <source>&lt;p&gt;Parent (rank %1 of the previous step): %2&lt;/p&gt;</source>
        <translation>&lt;p&gt;Elternteil (Rang %1 des vorigen Schritts): %2&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../models/beam_table_model.cpp" line="46"/>
        <source>&lt;p&gt;Added to the beam by diversity injection.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Durch Diversitätsinjektion in den Strahl aufgenommen.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../models/beam_table_model.cpp" line="105"/>
        <source>injected</source>
        <translation>injiziert</translation>
    </message>
    <message>
        <location filename="../models/beam_table_model.cpp" line="120"/>
        <source>Added by diversity injection (drawn at random from the rest of the pool)</source>
        <translation>Durch Diversitätsinjektion aufgenommen (zufällig aus dem Rest des Pools gezogen)</translation>
    </message>
    <message>
        <location filename="../models/beam_table_model.cpp" line="134"/>
        <source>Rank</source>
        <translation>Rang</translation>
    </message>
    <message>
        <location filename="../models/beam_table_model.cpp" line="134"/>
        <source>Text</source>
        <translation>Text</translation>
    </message>
    <message>
        <location filename="../models/beam_table_model.cpp" line="134"/>
        <source>D</source>
        <translation>D</translation>
    </message>
    <message>
        <location filename="../models/beam_table_model.cpp" line="134"/>
        <source>L_CoLA</source>
        <translation>L_CoLA</translation>
    </message>
    <message>
        <location filename="../models/beam_table_model.cpp" line="134"/>
        <source>L_cos</source>
        <translation>L_cos</translation>
    </message>
    <message>
        <location filename="../models/beam_table_model.cpp" line="134"/>
        <source>L</source>
        <translation>L</translation>
    </message>
    <message>
        <location filename="../models/beam_table_model.cpp" line="134"/>
        <source>PPL</source>
        <translation>PPL</translation>
    </message>
    <message>
        <location filename="../models/beam_table_model.cpp" line="134"/>
        <source>Injected</source>
        <translation>Injiziert</translation>
    </message>
    <message>
        <location filename="../models/beam_table_model.cpp" line="136"/>
        <source>Rank in the beam (1 = lowest objective)</source>
        <translation>Rang im Strahl (1 = niedrigster Zielwert)</translation>
    </message>
    <message>
        <location filename="../models/beam_table_model.cpp" line="137"/>
        <source>Amber: words changed against the seed; bold red: substituted in this step. Hover a word for the original.</source>
        <translation>Bernstein: gegenüber dem Ausgangstext geänderte Wörter; fett rot: in diesem Schritt ersetzt. Für das Original mit der Maus über ein Wort fahren.</translation>
    </message>
    <message>
        <location filename="../models/beam_table_model.cpp" line="138"/>
        <source>Difficulty D (Sentinel score; lower = harder to translate)</source>
        <translation>Schwierigkeit D (Sentinel-Wert; niedriger = schwerer zu übersetzen)</translation>
    </message>
    <message>
        <location filename="../models/beam_table_model.cpp" line="139"/>
        <source>Fluency loss L_CoLA = -log P(acceptable)</source>
        <translation>Flüssigkeitsverlust L_CoLA = -log P(akzeptabel)</translation>
    </message>
    <message>
        <location filename="../models/beam_table_model.cpp" line="140"/>
        <source>Cohesion loss L_cos = 1 - cos(CLS, beam-mean CLS)</source>
        <translation>Kohäsionsverlust L_cos = 1 - cos(CLS, Strahlmittel-CLS)</translation>
    </message>
    <message>
        <location filename="../models/beam_table_model.cpp" line="141"/>
        <source>Objective L = D + lambda_f L_CoLA + lambda_c L_cos (phase 2: perplexity)</source>
        <translation>Zielfunktion L = D + lambda_f L_CoLA + lambda_c L_cos (Phase 2: Perplexität)</translation>
    </message>
    <message>
        <location filename="../models/beam_table_model.cpp" line="142"/>
        <source>Perplexity under the language model, when known</source>
        <translation>Perplexität unter dem Sprachmodell, falls bekannt</translation>
    </message>
    <message>
        <location filename="../models/beam_table_model.cpp" line="143"/>
        <source>Whether diversity injection added this member</source>
        <translation>Ob die Diversitätsinjektion dieses Mitglied aufgenommen hat</translation>
    </message>
</context>
<context>
    <name>gauntlet::BestPathView</name>
    <message>
        <location filename="../widgets/best_path_view.cpp" line="52"/>
        <source>1 unknown word</source>
        <translation>1 unbekanntes Wort</translation>
    </message>
    <message>
        <location filename="../widgets/best_path_view.cpp" line="52"/>
        <source>%1 unknown words</source>
        <translation>%1 unbekannte Wörter</translation>
    </message>
    <message>
        <location filename="../widgets/best_path_view.cpp" line="54"/>
        <source>no unknown words</source>
        <translation>keine unbekannten Wörter</translation>
    </message>
    <message>
        <location filename="../widgets/best_path_view.cpp" line="66"/>
        <source>The path of the best text appears here as steps finish.</source>
        <translation>Der Weg des besten Texts erscheint hier, sobald Schritte fertig sind.</translation>
    </message>
    <message>
        <location filename="../widgets/best_path_view.cpp" line="24"/>
        <source>Judges:</source>
        <translation>Prüfer:</translation>
    </message>
    <message>
        <location filename="../widgets/best_path_view.cpp" line="87"/>
        <source>Seed</source>
        <translation>Ausgangstext</translation>
    </message>
    <message>
        <location filename="../widgets/best_path_view.cpp" line="88"/>
        <source>Step %1</source>
        <translation>Schritt %1</translation>
    </message>
    <message>
        <location filename="../widgets/best_path_view.cpp" line="89"/>
        <source>Phase 2 start</source>
        <translation>Beginn Phase 2</translation>
    </message>
    <message>
        <location filename="../widgets/best_path_view.cpp" line="90"/>
        <source>Output</source>
        <translation>Ausgabe</translation>
    </message>
    <message>
        <location filename="../widgets/best_path_view.cpp" line="93"/>
        <source>L %1 · D %2 · PPL %3</source>
        <translation>L %1 · D %2 · PPL %3</translation>
    </message>
    <message>
        <location filename="../widgets/best_path_view.cpp" line="97"/>
        <source>selected by %1 (step %2)</source>
        <translation>gewählt nach %1 (Schritt %2)</translation>
    </message>
</context>
<context>
    <name>gauntlet::CandidateArchiveModel</name>
    <message>
        <location filename="../models/candidate_archive_model.cpp" line="20"/>
        <source>in the beam</source>
        <translation>im Strahl</translation>
    </message>
    <message>
        <location filename="../models/candidate_archive_model.cpp" line="21"/>
        <source>refused: grammar</source>
        <translation>abgewiesen: Grammatik</translation>
    </message>
    <message>
        <location filename="../models/candidate_archive_model.cpp" line="22"/>
        <source>not taken</source>
        <translation>nicht aufgenommen</translation>
    </message>
    <message>
        <location filename="../models/candidate_archive_model.cpp" line="163"/>
        <source>selected output</source>
        <translation>gewählte Ausgabe</translation>
    </message>
    <message>
        <location filename="../models/candidate_archive_model.cpp" line="176"/>
        <location filename="../models/candidate_archive_model.cpp" line="178"/>
        <source>The run&apos;s output, selected from the archive</source>
        <translation>Die Ausgabe des Laufs, aus dem Archiv gewählt</translation>
    </message>
    <message>
        <location filename="../models/candidate_archive_model.cpp" line="192"/>
        <source>Step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <location filename="../models/candidate_archive_model.cpp" line="192"/>
        <source>Phase</source>
        <translation>Phase</translation>
    </message>
    <message>
        <location filename="../models/candidate_archive_model.cpp" line="192"/>
        <source>Text</source>
        <translation>Text</translation>
    </message>
    <message>
        <location filename="../models/candidate_archive_model.cpp" line="192"/>
        <source>D</source>
        <translation>D</translation>
    </message>
    <message>
        <location filename="../models/candidate_archive_model.cpp" line="192"/>
        <source>L_CoLA</source>
        <translation>L_CoLA</translation>
    </message>
    <message>
        <location filename="../models/candidate_archive_model.cpp" line="192"/>
        <source>L_cos</source>
        <translation>L_cos</translation>
    </message>
    <message>
        <location filename="../models/candidate_archive_model.cpp" line="192"/>
        <source>L</source>
        <translation>L</translation>
    </message>
    <message>
        <location filename="../models/candidate_archive_model.cpp" line="192"/>
        <source>PPL</source>
        <translation>PPL</translation>
    </message>
    <message>
        <location filename="../models/candidate_archive_model.cpp" line="192"/>
        <source>Output</source>
        <translation>Ausgabe</translation>
    </message>
    <message>
        <location filename="../models/candidate_archive_model.cpp" line="193"/>
        <source>Fate</source>
        <translation>Verbleib</translation>
    </message>
    <message>
        <location filename="../models/candidate_archive_model.cpp" line="193"/>
        <source>Judges</source>
        <translation>Prüfer</translation>
    </message>
</context>
<context>
    <name>gauntlet::CandidatePoolModel</name>
    <message>
        <location filename="../models/candidate_pool_model.cpp" line="29"/>
        <source>kept</source>
        <translation>behalten</translation>
    </message>
    <message>
        <location filename="../models/candidate_pool_model.cpp" line="30"/>
        <source>injected</source>
        <translation>injiziert</translation>
    </message>
    <message>
        <location filename="../models/candidate_pool_model.cpp" line="31"/>
        <source>not taken</source>
        <translation>nicht aufgenommen</translation>
    </message>
    <message>
        <location filename="../models/candidate_pool_model.cpp" line="32"/>
        <source>refused: grammar</source>
        <translation>abgewiesen: Grammatik</translation>
    </message>
    <message>
        <location filename="../models/candidate_pool_model.cpp" line="33"/>
        <source>refused: vocabulary</source>
        <translation>abgewiesen: Wortschatz</translation>
    </message>
    <message>
        <location filename="../models/candidate_pool_model.cpp" line="34"/>
        <source>refused: trigram</source>
        <translation>abgewiesen: Trigramm</translation>
    </message>
    <message>
        <location filename="../models/candidate_pool_model.cpp" line="35"/>
        <source>refused: tokenizer</source>
        <translation>abgewiesen: Tokenizer</translation>
    </message>
    <message>
        <location filename="../models/candidate_pool_model.cpp" line="43"/>
        <source>Entered the next beam: one of the B - R best by the objective</source>
        <translation>In den nächsten Strahl aufgenommen: einer der B - R besten nach der Zielfunktion</translation>
    </message>
    <message>
        <location filename="../models/candidate_pool_model.cpp" line="44"/>
        <source>Entered the next beam by diversity injection (drawn at random from the rest)</source>
        <translation>Durch Diversitätsinjektion in den nächsten Strahl aufgenommen (zufällig aus dem Rest gezogen)</translation>
    </message>
    <message>
        <location filename="../models/candidate_pool_model.cpp" line="45"/>
        <source>Scored and not refused, but the beam was full before it was reached</source>
        <translation>Bewertet und nicht abgewiesen, aber der Strahl war voll, bevor er an die Reihe kam</translation>
    </message>
    <message>
        <location filename="../models/candidate_pool_model.cpp" line="47"/>
        <source>Scored, then kept out of the beam by the grammar guard: link-grammar parses it worse than the seed, at a higher cost, or a changed word has another part of speech</source>
        <translation>Bewertet, dann vom Grammatikschutz aus dem Strahl gehalten: link-grammar analysiert ihn schlechter als den Ausgangstext, mit höheren Kosten, oder ein geändertes Wort hat eine andere Wortart</translation>
    </message>
    <message>
        <location filename="../models/candidate_pool_model.cpp" line="49"/>
        <source>Dropped before scoring: it adds a word outside common present-day English</source>
        <translation>Vor der Bewertung verworfen: Er fügt ein Wort außerhalb des gebräuchlichen heutigen Englisch hinzu</translation>
    </message>
    <message>
        <location filename="../models/candidate_pool_model.cpp" line="50"/>
        <source>Dropped before scoring: the trigram language model finds the sentence much less likely than the seed</source>
        <translation>Vor der Bewertung verworfen: Das Trigramm-Sprachmodell hält den Satz für viel unwahrscheinlicher als den Ausgangstext</translation>
    </message>
    <message>
        <location filename="../models/candidate_pool_model.cpp" line="51"/>
        <source>Dropped before scoring: its text does not tokenize back to the same tokens</source>
        <translation>Vor der Bewertung verworfen: Sein Text ergibt beim Tokenisieren nicht wieder dieselben Token</translation>
    </message>
    <message>
        <location filename="../models/candidate_pool_model.cpp" line="88"/>
        <source>Made from beam member %1 of the previous step</source>
        <translation>Aus Strahlmitglied %1 des vorigen Schritts erstellt</translation>
    </message>
    <message>
        <location filename="../models/candidate_pool_model.cpp" line="108"/>
        <source>The beam member (rank, 1 = best) of the previous step the candidate was made from</source>
        <translation>Das Strahlmitglied (Rang, 1 = bestes) des vorigen Schritts, aus dem der Kandidat erstellt wurde</translation>
    </message>
    <message>
        <location filename="../models/candidate_pool_model.cpp" line="111"/>
        <source>Fate</source>
        <translation>Verbleib</translation>
    </message>
    <message>
        <location filename="../models/candidate_pool_model.cpp" line="111"/>
        <source>Text</source>
        <translation>Text</translation>
    </message>
    <message>
        <location filename="../models/candidate_pool_model.cpp" line="111"/>
        <source>L</source>
        <translation>L</translation>
    </message>
    <message>
        <location filename="../models/candidate_pool_model.cpp" line="111"/>
        <source>D</source>
        <translation>D</translation>
    </message>
    <message>
        <location filename="../models/candidate_pool_model.cpp" line="111"/>
        <source>From</source>
        <translation>Von</translation>
    </message>
    <message>
        <location filename="../models/candidate_pool_model.cpp" line="111"/>
        <source>Why</source>
        <translation>Grund</translation>
    </message>
</context>
<context>
    <name>gauntlet::CandidatePoolView</name>
    <message>
        <location filename="../widgets/candidate_pool_view.cpp" line="43"/>
        <source>All candidates</source>
        <translation>Alle Kandidaten</translation>
    </message>
    <message>
        <location filename="../widgets/candidate_pool_view.cpp" line="44"/>
        <source>In the beam (kept or injected)</source>
        <translation>Im Strahl (behalten oder injiziert)</translation>
    </message>
    <message>
        <location filename="../widgets/candidate_pool_view.cpp" line="45"/>
        <source>Refused (any guard)</source>
        <translation>Abgewiesen (beliebige Schutzregel)</translation>
    </message>
    <message>
        <location filename="../widgets/candidate_pool_view.cpp" line="48"/>
        <source>Show the candidates with this fate</source>
        <translation>Die Kandidaten mit diesem Verbleib zeigen</translation>
    </message>
    <message>
        <location filename="../widgets/candidate_pool_view.cpp" line="54"/>
        <source>Filter by text...</source>
        <translation>Nach Text filtern...</translation>
    </message>
    <message>
        <location filename="../widgets/candidate_pool_view.cpp" line="108"/>
        <source>No run shown.</source>
        <translation>Kein Lauf angezeigt.</translation>
    </message>
    <message>
        <location filename="../widgets/candidate_pool_view.cpp" line="109"/>
        <source>The seed&apos;s step has no pool; choose a later step.</source>
        <translation>Der Schritt des Ausgangstexts hat keinen Pool; einen späteren Schritt wählen.</translation>
    </message>
    <message>
        <location filename="../widgets/candidate_pool_view.cpp" line="110"/>
        <source>No pool is stored for step %1 (runs stored before this version keep only the archive).</source>
        <translation>Für Schritt %1 ist kein Pool gespeichert (vor dieser Version gespeicherte Läufe haben nur das Archiv).</translation>
    </message>
    <message>
        <location filename="../widgets/candidate_pool_view.cpp" line="120"/>
        <source>Step %1: %2 candidates, %3 shown (%4)</source>
        <extracomment>%1 step number, %2 candidates in the pool, %3 candidates shown, %4 the counts per fate</extracomment>
        <translation>Schritt %1: %2 Kandidaten, %3 angezeigt (%4)</translation>
    </message>
</context>
<context>
    <name>gauntlet::ChangesDelegate</name>
    <message>
        <location filename="../widgets/beam_table_view.cpp" line="88"/>
        <source>Seed had: %1</source>
        <translation>Im Ausgangstext: %1</translation>
    </message>
    <message>
        <location filename="../widgets/beam_table_view.cpp" line="88"/>
        <location filename="../widgets/beam_table_view.cpp" line="90"/>
        <source>(nothing)</source>
        <translation>(nichts)</translation>
    </message>
    <message>
        <location filename="../widgets/beam_table_view.cpp" line="90"/>
        <source>Previous step had: %1</source>
        <translation>Im vorigen Schritt: %1</translation>
    </message>
</context>
<context>
    <name>gauntlet::ContributePage</name>
    <message>
        <location filename="../app/workspaces/contribute_page.cpp" line="151"/>
        <source>Made from augmentation run %1, which is no longer in the project.</source>
        <translation>Aus Erweiterungslauf %1 erstellt, der nicht mehr im Projekt ist.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/contribute_page.cpp" line="154"/>
        <source>Made from &lt;a href=&quot;run:%1&quot;&gt;augmentation run %1&lt;/a&gt; (%2) of seed %3: “%4”</source>
        <translation>Aus &lt;a href=&quot;run:%1&quot;&gt;Erweiterungslauf %1&lt;/a&gt; (%2) des Ausgangstexts %3 erstellt: „%4“</translation>
    </message>
    <message>
        <location filename="../app/workspaces/contribute_page.cpp" line="155"/>
        <source>(typed)</source>
        <translation>(eingetippt)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/contribute_page.cpp" line="158"/>
        <source>Difficulty D: %1 (seed) → %2 (output, lower is harder)</source>
        <translation>Schwierigkeit D: %1 (Ausgangstext) → %2 (Ausgabe, niedriger ist schwerer)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/contribute_page_layout.cpp" line="65"/>
        <source>Nothing was sent: %1</source>
        <translation>Nichts wurde gesendet: %1</translation>
    </message>
    <message>
        <location filename="../app/workspaces/contribute_page_layout.cpp" line="84"/>
        <source>Cannot submit</source>
        <translation>Einreichen nicht möglich</translation>
    </message>
    <message>
        <location filename="../app/workspaces/contribute_page.cpp" line="252"/>
        <source>Editing...</source>
        <translation>Bearbeitung...</translation>
    </message>
    <message>
        <location filename="../app/workspaces/contribute_page.cpp" line="268"/>
        <source>Open a project to save examples.</source>
        <translation>Ein Projekt öffnen, um Beispiele zu speichern.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/contribute_page.cpp" line="280"/>
        <location filename="../app/workspaces/contribute_page.cpp" line="285"/>
        <location filename="../app/workspaces/contribute_page.cpp" line="298"/>
        <source>Not saved: %1</source>
        <translation>Nicht gespeichert: %1</translation>
    </message>
    <message>
        <location filename="../app/workspaces/contribute_page.cpp" line="280"/>
        <source>Not saved yet: %1</source>
        <translation>Noch nicht gespeichert: %1</translation>
    </message>
    <message>
        <location filename="../app/workspaces/contribute_page.cpp" line="302"/>
        <source>Draft saved at %1</source>
        <translation>Entwurf um %1 gespeichert</translation>
    </message>
    <message>
        <location filename="../app/workspaces/contribute_page.cpp" line="313"/>
        <source>Unsaved example</source>
        <translation>Nicht gespeichertes Beispiel</translation>
    </message>
    <message>
        <location filename="../app/workspaces/contribute_page.cpp" line="314"/>
        <source>This example cannot be saved yet:
%1

Discard the unsaved changes?</source>
        <translation>Dieses Beispiel kann noch nicht gespeichert werden:
%1

Die nicht gespeicherten Änderungen verwerfen?</translation>
    </message>
    <message>
        <location filename="../app/workspaces/contribute_page.cpp" line="342"/>
        <source>New example: it is saved as a draft once it has both languages and a source text.</source>
        <translation>Neues Beispiel: Es wird als Entwurf gespeichert, sobald beide Sprachen und ein Quelltext angegeben sind.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/contribute_page.cpp" line="343"/>
        <source>Open a project to author examples.</source>
        <translation>Ein Projekt öffnen, um Beispiele zu verfassen.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/contribute_page.cpp" line="139"/>
        <source>Example %1 (%2)</source>
        <translation>Beispiel %1 (%2)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/contribute_page.cpp" line="136"/>
        <source>Example %1 was returned by %2: &quot;%3&quot;. Edit it and submit it again.</source>
        <translation>Beispiel %1 wurde von %2 zurückgegeben: „%3“. Überarbeiten Sie es und reichen Sie es erneut ein.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/contribute_page.cpp" line="139"/>
        <source>Example %1 is %2 and cannot be edited.</source>
        <translation>Beispiel %1 ist %2 und kann nicht bearbeitet werden.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/contribute_page.cpp" line="159"/>
        <source>Difficulty D: %1 (seed) → %2 (this text, %3; lower is harder)</source>
        <translation>Schwierigkeit D: %1 (Ausgangstext) → %2 (dieser Text, %3; niedriger ist schwerer)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/contribute_page.cpp" line="216"/>
        <source>There is no saved example to submit.</source>
        <translation>Es gibt kein gespeichertes Beispiel zum Einreichen.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/contribute_page.cpp" line="226"/>
        <source>Example %1 submitted for review.</source>
        <translation>Beispiel %1 zur Prüfung eingereicht.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/contribute_page.cpp" line="236"/>
        <source>Delete example</source>
        <translation>Beispiel löschen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/contribute_page.cpp" line="237"/>
        <source>Delete example %1 with its rules, outputs, verdicts and history? This cannot be undone.</source>
        <translation>Beispiel %1 mit seinen Regeln, Ausgaben, Urteilen und seinem Verlauf löschen? Das kann nicht rückgängig gemacht werden.</translation>
    </message>
</context>
<context>
    <name>gauntlet::ContributeWorkspace</name>
    <message>
        <location filename="../app/workspaces/contribute_workspace.cpp" line="20"/>
        <source>Profile name:</source>
        <translation>Profilname:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/contribute_workspace.cpp" line="21"/>
        <source>recorded as author and reviewer</source>
        <translation>wird als Autor und Prüfer vermerkt</translation>
    </message>
    <message>
        <location filename="../app/workspaces/contribute_workspace.cpp" line="28"/>
        <source>Contribute</source>
        <translation>Beitragen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/contribute_workspace.cpp" line="29"/>
        <source>Review</source>
        <translation>Prüfen</translation>
    </message>
</context>
<context>
    <name>gauntlet::CoverageBarChart</name>
    <message>
        <location filename="../widgets/coverage_charts.cpp" line="333"/>
        <source>%1 highest</source>
        <translation>%1 höchster</translation>
    </message>
    <message>
        <location filename="../widgets/coverage_charts.cpp" line="333"/>
        <source>%1 lowest</source>
        <translation>%1 niedrigster</translation>
    </message>
</context>
<context>
    <name>gauntlet::CoverageChartView</name>
    <message>
        <location filename="../widgets/coverage_charts.cpp" line="118"/>
        <location filename="../widgets/coverage_charts.cpp" line="124"/>
        <source>Cannot write %1</source>
        <translation>%1 kann nicht geschrieben werden</translation>
    </message>
    <message>
        <location filename="../widgets/coverage_charts.cpp" line="135"/>
        <source>Cannot write %1 (unknown image format or no permission)</source>
        <translation>%1 kann nicht geschrieben werden (unbekanntes Bildformat oder keine Berechtigung)</translation>
    </message>
</context>
<context>
    <name>gauntlet::CoverageChartsPage</name>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="80"/>
        <source>All examples</source>
        <translation>Alle Beispiele</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="81"/>
        <source>From augmentation</source>
        <translation>Aus Erweiterung</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="82"/>
        <source>Not from augmentation</source>
        <translation>Nicht aus Erweiterung</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="83"/>
        <source>Which challenge examples the example charts count: those made from an augmentation run (Create Example, examples add --from-run) or the others</source>
        <translation>Welche Challenge-Beispiele die Beispieldiagramme zählen: die aus einem Erweiterungslauf erstellten (Beispiel erstellen, examples add --from-run) oder die anderen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="257"/>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2 segments of corpus &apos;%3&apos; (%4 segments). Cov20 %5 (at most %13 in this corpus; fill %14) and Cov1 %6 of %7 feasible categories; Pearson r %8; edit rate %9 (corpus %10); %11 segments per document, Gini %12.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;: %2 Segmente des Korpus &apos;%3&apos; (%4 Segmente). Cov20 %5 (höchstens %13 in diesem Korpus; Füllgrad %14) und Cov1 %6 von %7 erreichbaren Kategorien; Pearson r %8; Editierrate %9 (Korpus %10); %11 Segmente pro Dokument, Gini %12.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="337"/>
        <source> from augmentation</source>
        <translation> aus Erweiterung</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="338"/>
        <source> not from augmentation</source>
        <translation> nicht aus Erweiterung</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="360"/>
        <source>Challenge examples%1 per status: no examples</source>
        <translation>Challenge-Beispiele%1 je Status: keine Beispiele</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="358"/>
        <source>Challenge examples%1 per language pair: no examples</source>
        <translation>Challenge-Beispiele%1 je Sprachpaar: keine Beispiele</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="355"/>
        <source>Challenge examples%1 per LTB taxonomy category: no examples</source>
        <translation>Challenge-Beispiele%1 je LTB-Taxonomiekategorie: keine Beispiele</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="102"/>
        <source>No challenge examples in this project yet.</source>
        <translation>Dieses Projekt hat noch keine Challenge-Beispiele.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="100"/>
        <source>No sample to show: draw one on the Sample tab.</source>
        <translation>Keine Stichprobe zum Anzeigen: im Reiter Stichprobe eine ziehen.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="248"/>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="301"/>
        <source>taxonomy categories (mean over seeds)</source>
        <translation>Taxonomiekategorien (Mittel über die Seeds)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="290"/>
        <source>%1 (1 seed)</source>
        <translation>%1 (1 Seed)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="313"/>
        <source>Segments per document: not applicable (corpus &apos;%1&apos; has no document column, every segment is its own document)</source>
        <translation>Segmente je Dokument: nicht anwendbar (Korpus &apos;%1&apos; hat keine Dokumentspalte, jedes Segment ist sein eigenes Dokument)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="270"/>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="271"/>
        <source>n/a</source>
        <translation>n/a</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="39"/>
        <source>TACTICS</source>
        <translation>TACTICS</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="40"/>
        <source>random</source>
        <translation>zufällig</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="41"/>
        <source>equal allocation</source>
        <translation>gleiche Zuteilung</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="42"/>
        <source>lowest confidence first</source>
        <translation>geringste Konfidenz zuerst</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="43"/>
        <source>DSIR</source>
        <translation>DSIR</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="73"/>
        <source>&amp;Log scale (long tail)</source>
        <translation>&amp;Logarithmische Skala (langer Schwanz)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="86"/>
        <source>The stored sample the charts show</source>
        <translation>Die gespeicherte Stichprobe, die die Diagramme zeigen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="87"/>
        <source>A logarithmic count axis for the category counts, so rare categories stay visible next to frequent ones</source>
        <translation>Eine logarithmische Achse für die Kategorienanzahlen, damit seltene Kategorien neben häufigen sichtbar bleiben</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="112"/>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="246"/>
        <source>Category counts</source>
        <translation>Kategorienanzahlen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="113"/>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="248"/>
        <source>Coverage by sampler</source>
        <translation>Abdeckung je Stichprobenverfahren</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="114"/>
        <source>Proportions</source>
        <translation>Anteile</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="115"/>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="250"/>
        <source>Post-edit scores</source>
        <translation>Post-Edit-Werte</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="116"/>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="251"/>
        <source>Segments per document</source>
        <translation>Segmente pro Dokument</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="117"/>
        <source>Examples by category</source>
        <translation>Beispiele nach Kategorie</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="118"/>
        <source>Examples by language pair</source>
        <translation>Beispiele nach Sprachpaar</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="119"/>
        <source>Examples by status</source>
        <translation>Beispiele nach Status</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="121"/>
        <source>Export Chart...</source>
        <translation>Diagramm exportieren...</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="123"/>
        <source>Save the chart shown as PNG or SVG (Ctrl+E)</source>
        <translation>Das gezeigte Diagramm als PNG oder SVG speichern (Strg+E)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="124"/>
        <source>Export Data...</source>
        <translation>Daten exportieren...</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="126"/>
        <source>Save the numbers of the chart shown as CSV (Ctrl+Shift+E)</source>
        <translation>Die Zahlen des gezeigten Diagramms als CSV speichern (Strg+Umschalt+E)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="131"/>
        <source>Sample:</source>
        <translation>Stichprobe:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="203"/>
        <source>%1  (%2, B = %3, seed %4, %5 segments)</source>
        <translation>%1  (%2, B = %3, Seed %4, %5 Segmente)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="235"/>
        <source>No sample of this labelling yet: draw one on the Sample tab.</source>
        <translation>Noch keine Stichprobe dieser Klassifizierung: im Reiter Stichprobe eine ziehen.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="236"/>
        <source>Select a classified corpus (Corpora tab) and draw a sample (Sample tab) to see its coverage.</source>
        <translation>Ein klassifiziertes Korpus wählen (Reiter Korpora) und eine Stichprobe ziehen (Reiter Stichprobe), um ihre Abdeckung zu sehen.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="241"/>
        <source>Segments per taxonomy category in corpus &apos;%1&apos; (%2 categories, most frequent first)</source>
        <translation>Segmente pro Taxonomie-Kategorie im Korpus &apos;%1&apos; (%2 Kategorien, häufigste zuerst)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="242"/>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="278"/>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="307"/>
        <source>corpus</source>
        <translation>Korpus</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="243"/>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="279"/>
        <source>segments with the category (primary or secondary)</source>
        <translation>Segmente mit der Kategorie (primär oder sekundär)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="243"/>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="246"/>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="279"/>
        <source>taxonomy category</source>
        <translation>Taxonomie-Kategorie</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="246"/>
        <source>segments</source>
        <translation>Segmente</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="248"/>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="301"/>
        <source>sampler</source>
        <translation>Stichprobenverfahren</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="249"/>
        <source>sample</source>
        <translation>Stichprobe</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="250"/>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="308"/>
        <source>share of segments</source>
        <translation>Anteil der Segmente</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="250"/>
        <source>post-edit score (TER / 100)</source>
        <translation>Post-Edit-Wert (TER / 100)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="251"/>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="315"/>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="321"/>
        <source>documents</source>
        <translation>Dokumente</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="251"/>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="315"/>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="322"/>
        <source>sampled segments in the document</source>
        <translation>gezogene Segmente im Dokument</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="267"/>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="271"/>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="320"/>
        <source>undefined</source>
        <translation>undefiniert</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="276"/>
        <source>Segments per taxonomy category: %1 vs corpus (%2 categories, most frequent first)</source>
        <translation>Segmente pro Taxonomie-Kategorie: %1 gegenüber dem Korpus (%2 Kategorien, häufigste zuerst)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="278"/>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="307"/>
        <source>sample %1</source>
        <translation>Stichprobe %1</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="290"/>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="290"/>
        <source>%n seed(s)</source>
        <translation>
            <numerusform>%n Ausgangstext</numerusform>
            <numerusform>%n Ausgangstexte</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="294"/>
        <source>Coverage at B = %1, mean over seeds per sampler (whiskers: lowest and highest seed): categories with &gt;= 20 (Cov20) and &gt;= 1 (Cov1) sampled segments, of %2 feasible</source>
        <translation>Abdeckung bei B = %1, Mittel über die Seeds je Verfahren (Striche: niedrigster und höchster Seed): Kategorien mit &gt;= 20 (Cov20) und &gt;= 1 (Cov1) gezogenen Segmenten, von %2 erreichbaren</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="299"/>
        <source>Cov20</source>
        <translation>Cov20</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="300"/>
        <source>Cov1</source>
        <translation>Cov1</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="306"/>
        <source>Post-edit score (TER / 100) distribution: %1 vs corpus (MSE %2)</source>
        <translation>Verteilung der Post-Edit-Werte (TER / 100): %1 gegenüber dem Korpus (MSE %2)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="308"/>
        <source>post-edit score (TER / 100), bins of width 0.05 from the value shown; the last holds every score &gt;= 0.95</source>
        <translation>Post-Edit-Wert (TER / 100), Klassen der Breite 0,05 ab dem gezeigten Wert; die letzte enthält alle Werte &gt;= 0,95</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="317"/>
        <source>Segments per document in %1 (S/D %2, Gini %3)</source>
        <translation>Segmente pro Dokument in %1 (S/D %2, Gini %3)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="347"/>
        <source>examples</source>
        <translation>Beispiele</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="348"/>
        <source>challenge examples</source>
        <translation>Challenge-Beispiele</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="356"/>
        <source>Challenge examples%1 per LTB taxonomy category (%2 examples)</source>
        <translation>Challenge-Beispiele%1 pro LTB-Taxonomie-Kategorie (%2 Beispiele)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="357"/>
        <source>LTB taxonomy category</source>
        <translation>LTB-Taxonomie-Kategorie</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="358"/>
        <source>Challenge examples%1 per language pair</source>
        <translation>Challenge-Beispiele%1 pro Sprachpaar</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="359"/>
        <source>language pair</source>
        <translation>Sprachpaar</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="360"/>
        <source>Challenge examples%1 per status</source>
        <translation>Challenge-Beispiele%1 pro Status</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="361"/>
        <source>status</source>
        <translation>Status</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="372"/>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="378"/>
        <source>No such chart</source>
        <translation>Kein solches Diagramm</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="393"/>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="398"/>
        <source>Export Chart</source>
        <translation>Diagramm exportieren</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="394"/>
        <source>PNG image (*.png);;SVG image (*.svg)</source>
        <translation>PNG-Bild (*.png);;SVG-Bild (*.svg)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="404"/>
        <source>Export Chart Data</source>
        <translation>Diagrammdaten exportieren</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="404"/>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="408"/>
        <source>Export Data</source>
        <translation>Daten exportieren</translation>
    </message>
</context>
<context>
    <name>gauntlet::CoverageCorporaPage</name>
    <message>
        <location filename="../app/workspaces/coverage_corpora_page.cpp" line="67"/>
        <source>Undo Relabel</source>
        <translation>Umklassifizieren rückgängig</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_corpora_page.cpp" line="68"/>
        <source>Redo Relabel</source>
        <translation>Umklassifizieren wiederholen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_corpora_page.cpp" line="69"/>
        <source>Put back the segment&apos;s labels before the last manual relabelling (Ctrl+Z in the table)</source>
        <translation>Die Labels des Segments vor dem letzten Umklassifizieren von Hand zurückholen (Strg+Z in der Tabelle)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_corpora_page.cpp" line="70"/>
        <source>Relabel again (Ctrl+Shift+Z in the table)</source>
        <translation>Erneut umklassifizieren (Strg+Umschalt+Z in der Tabelle)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_corpora_page.cpp" line="290"/>
        <source>Relabel segment %1</source>
        <translation>Segment %1 umklassifizieren</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_corpora_page.cpp" line="305"/>
        <source>Segment %1: labels restored.</source>
        <translation>Segment %1: Labels wiederhergestellt.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_corpora_page.cpp" line="40"/>
        <source>Corpus</source>
        <translation>Korpus</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_corpora_page.cpp" line="40"/>
        <source>Segments</source>
        <translation>Segmente</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_corpora_page.cpp" line="40"/>
        <source>Documents</source>
        <translation>Dokumente</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_corpora_page.cpp" line="40"/>
        <source>Systems</source>
        <translation>Systeme</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_corpora_page.cpp" line="40"/>
        <source>Mean post-edit score</source>
        <translation>Mittlerer Post-Edit-Wert</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_corpora_page.cpp" line="47"/>
        <source>Import Corpus...</source>
        <translation>Korpus importieren...</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_corpora_page.cpp" line="49"/>
        <source>Import a corpus file, TSV with a header or JSONL (Ctrl+Shift+O)</source>
        <translation>Eine Korpusdatei importieren, TSV mit Kopfzeile oder JSONL (Strg+Umschalt+O)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_corpora_page.cpp" line="50"/>
        <location filename="../app/workspaces/coverage_corpora_page.cpp" line="273"/>
        <source>Remove Corpus</source>
        <translation>Korpus entfernen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_corpora_page.cpp" line="111"/>
        <source>Classify the selected corpus with the selected taxonomy</source>
        <translation>Das gewählte Korpus mit der gewählten Taxonomie klassifizieren</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_corpora_page.cpp" line="114"/>
        <source>Gold labels of the corpus</source>
        <translation>Gold-Labels des Korpus</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_corpora_page.cpp" line="115"/>
        <source>Deterministic matchers only</source>
        <translation>Nur deterministische Muster</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_corpora_page.cpp" line="116"/>
        <source>Matchers + offline centroid classifier</source>
        <translation>Muster + Offline-Zentroid-Klassifikator</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_corpora_page.cpp" line="117"/>
        <source>Matchers + LLM endpoint</source>
        <translation>Muster + LLM-Endpunkt</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_corpora_page.cpp" line="124"/>
        <source>model name</source>
        <translation>Modellname</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_corpora_page.cpp" line="127"/>
        <source>environment variable with the API key (optional)</source>
        <translation>Umgebungsvariable mit dem API-Schlüssel (optional)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_corpora_page.cpp" line="128"/>
        <source>Classify</source>
        <translation>Klassifizieren</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_corpora_page.cpp" line="131"/>
        <source>Label every segment (Ctrl+L); runs in the background, Esc cancels</source>
        <translation>Jedes Segment klassifizieren (Strg+L); läuft im Hintergrund, Esc bricht ab</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_corpora_page.cpp" line="136"/>
        <source>Classifier:</source>
        <translation>Klassifikator:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_corpora_page.cpp" line="143"/>
        <source>A classifier&apos;s semantic labels below this confidence are dropped. The default was measured against WMT21 TED&apos;s gold labels (bench/sampling/centroid_threshold.py).</source>
        <translation>Semantische Kategorien eines Klassifikators unter dieser Konfidenz werden verworfen. Der Standardwert wurde an den Gold-Kategorien von WMT21 TED gemessen (bench/sampling/centroid_threshold.py).</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_corpora_page.cpp" line="145"/>
        <source>Min. confidence:</source>
        <translation>Min. Konfidenz:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_corpora_page.cpp" line="150"/>
        <source>LLM endpoint:</source>
        <translation>LLM-Endpunkt:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_corpora_page.cpp" line="189"/>
        <source>Double-click (or F2) a primary category to relabel the segment by hand</source>
        <translation>Eine Primärkategorie doppelklicken (oder F2), um das Segment von Hand umzuklassifizieren</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_corpora_page.cpp" line="63"/>
        <source>Filter segments (text, document or category)</source>
        <translation>Segmente filtern (Text, Dokument oder Kategorie)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_corpora_page.cpp" line="77"/>
        <source>Export CSV...</source>
        <translation>CSV exportieren...</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_corpora_page.cpp" line="273"/>
        <source>Remove corpus &apos;%1&apos; with its labellings and samples?</source>
        <translation>Korpus &apos;%1&apos; mit seinen Klassifizierungen und Stichproben entfernen?</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_corpora_page.cpp" line="284"/>
        <source>Classify the corpus first.</source>
        <translation>Zuerst das Korpus klassifizieren.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_corpora_page.cpp" line="291"/>
        <source>Segment %1 is now labelled &apos;%2&apos; (by hand).</source>
        <translation>Segment %1 hat jetzt die Kategorie &apos;%2&apos; (von Hand).</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_corpora_page.cpp" line="259"/>
        <source>Import Corpus</source>
        <translation>Korpus importieren</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_corpora_page.cpp" line="259"/>
        <source>Corpora (*.tsv *.jsonl *.json);;All files (*)</source>
        <translation>Korpora (*.tsv *.jsonl *.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_corpora_page.cpp" line="326"/>
        <source>Export Labels</source>
        <translation>Labels exportieren</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_corpora_page.cpp" line="326"/>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_corpora_page.cpp" line="330"/>
        <source>Export CSV</source>
        <translation>CSV exportieren</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_corpora_page.cpp" line="332"/>
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
</context>
<context>
    <name>gauntlet::CoverageCorpusImportDialog</name>
    <message>
        <location filename="../app/workspaces/coverage_corpus_import_dialog.cpp" line="16"/>
        <source>Import Corpus</source>
        <translation>Korpus importieren</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_corpus_import_dialog.cpp" line="19"/>
        <source>none (WMT21 TED: mqm_errors)</source>
        <translation>keine (WMT21 TED: mqm_errors)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_corpus_import_dialog.cpp" line="20"/>
        <source>all (or A,B with the primary first)</source>
        <translation>alle (oder A,B mit dem primären zuerst)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_corpus_import_dialog.cpp" line="21"/>
        <source>The column with gold category labels, if the corpus has one (they are compared with the classifier&apos;s)</source>
        <translation>Die Spalte mit Gold-Kategorien, falls das Korpus eine hat (sie werden mit denen des Klassifikators verglichen)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_corpus_import_dialog.cpp" line="22"/>
        <source>Comma-separated MT systems to import from a corpus with a system column; the first is the primary one</source>
        <translation>Kommagetrennte MÜ-Systeme, die aus einem Korpus mit Systemspalte importiert werden; das erste ist das primäre</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_corpus_import_dialog.cpp" line="28"/>
        <source>File:</source>
        <translation>Datei:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_corpus_import_dialog.cpp" line="29"/>
        <source>Name:</source>
        <translation>Name:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_corpus_import_dialog.cpp" line="30"/>
        <source>Gold labels column:</source>
        <translation>Spalte mit Gold-Labels:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_corpus_import_dialog.cpp" line="31"/>
        <source>Systems:</source>
        <translation>Systeme:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_corpus_import_dialog.cpp" line="32"/>
        <source>TSV, CSV or JSONL with a source and an MT column; a post-edit or reference column gives TER.</source>
        <translation>TSV, CSV oder JSONL mit einer Quell- und einer MÜ-Spalte; eine Spalte mit Post-Edits oder Referenzen liefert TER.</translation>
    </message>
</context>
<context>
    <name>gauntlet::CoverageSamplesPage</name>
    <message>
        <location filename="../app/workspaces/coverage_samples_page.cpp" line="78"/>
        <source>Export CSV...</source>
        <translation>CSV exportieren...</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_samples_page.cpp" line="61"/>
        <source>Name:</source>
        <translation>Name:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_samples_page.cpp" line="176"/>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_samples_page.cpp" line="180"/>
        <source>Export CSV</source>
        <translation>CSV exportieren</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_samples_page.cpp" line="182"/>
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_samples_page.cpp" line="146"/>
        <source>Not applicable: the corpus has no document column, so every segment is its own document</source>
        <translation>Nicht anwendbar: Das Korpus hat keine Dokumentspalte, also ist jedes Segment sein eigenes Dokument</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_samples_page.cpp" line="140"/>
        <location filename="../app/workspaces/coverage_samples_page.cpp" line="141"/>
        <source>n/a</source>
        <translation>n/a</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_samples_page.cpp" line="40"/>
        <source>Budget B: the most segments the sample may hold</source>
        <translation>Budget B: höchstens so viele Segmente enthält die Stichprobe</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_samples_page.cpp" line="44"/>
        <source>tactics: coverage, coherence, fidelity (TACTICS); random; equal: a flat quota per category; low-confidence: least certain labels first; dsir: importance resampling towards the long tail</source>
        <translation>tactics: Abdeckung, Kohärenz, Treue (TACTICS); random: zufällig; equal: gleiche Quote pro Kategorie; low-confidence: unsicherste Labels zuerst; dsir: Importance Resampling zum langen Verteilungsschwanz hin</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_samples_page.cpp" line="48"/>
        <source>automatic: corpus-taxonomy-method-BB-sSEED</source>
        <translation>automatisch: Korpus-Taxonomie-Verfahren-BB-sSEED</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_samples_page.cpp" line="27"/>
        <source>Draw Sample</source>
        <translation>Stichprobe ziehen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_samples_page.cpp" line="50"/>
        <source>Draw and store a sample of the selected labelling (Ctrl+D)</source>
        <translation>Eine Stichprobe der gewählten Klassifizierung ziehen und speichern (Strg+D)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_samples_page.cpp" line="27"/>
        <source>Compare Samplers</source>
        <translation>Verfahren vergleichen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_samples_page.cpp" line="52"/>
        <source>Draw every sampler at this budget and seed and store each sample (Ctrl+Shift+D); see Charts &gt; Coverage by sampler</source>
        <translation>Mit jedem Stichprobenverfahren bei diesem Budget und Seed ziehen und jede Stichprobe speichern (Strg+Umschalt+D); siehe Diagramme &gt; Abdeckung je Stichprobenverfahren</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_samples_page.cpp" line="58"/>
        <source>Budget B:</source>
        <translation>Budget B:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_samples_page.cpp" line="59"/>
        <source>Sampler:</source>
        <translation>Verfahren:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_samples_page.cpp" line="60"/>
        <source>Seed:</source>
        <translation>Seed:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_samples_page.cpp" line="68"/>
        <source>Sample</source>
        <translation>Stichprobe</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_samples_page.cpp" line="68"/>
        <source>Sampler</source>
        <translation>Verfahren</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_samples_page.cpp" line="68"/>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_samples_page.cpp" line="68"/>
        <source>Seed</source>
        <translation>Seed</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_samples_page.cpp" line="68"/>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_samples_page.cpp" line="68"/>
        <source>Cov20</source>
        <translation>Cov20</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_samples_page.cpp" line="68"/>
        <source>Cov1</source>
        <translation>Cov1</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_samples_page.cpp" line="68"/>
        <source>Pearson r</source>
        <translation>Pearson r</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_samples_page.cpp" line="69"/>
        <source>MSE categories</source>
        <translation>MSE Kategorien</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_samples_page.cpp" line="69"/>
        <source>Edit rate</source>
        <translation>Editierrate</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_samples_page.cpp" line="69"/>
        <source>S/D</source>
        <translation>S/D</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_samples_page.cpp" line="69"/>
        <source>Gini</source>
        <translation>Gini</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_samples_page.cpp" line="75"/>
        <source>Double-click a sample to see its charts</source>
        <translation>Eine Stichprobe doppelklicken, um ihre Diagramme zu sehen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_samples_page.cpp" line="76"/>
        <source>Show Charts</source>
        <translation>Diagramme zeigen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_samples_page.cpp" line="77"/>
        <source>Remove Sample</source>
        <translation>Stichprobe entfernen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_samples_page.cpp" line="87"/>
        <source>Stored samples of the selected labelling (measures against the whole corpus):</source>
        <translation>Gespeicherte Stichproben der gewählten Klassifizierung (Maße gegenüber dem ganzen Korpus):</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_samples_page.cpp" line="176"/>
        <source>Export Samples</source>
        <translation>Stichproben exportieren</translation>
    </message>
</context>
<context>
    <name>gauntlet::CoverageTaxonomiesPage</name>
    <message>
        <location filename="../app/workspaces/coverage_taxonomies_page.cpp" line="132"/>
        <location filename="../app/workspaces/coverage_taxonomies_page.cpp" line="152"/>
        <location filename="../app/workspaces/coverage_taxonomies_page.cpp" line="168"/>
        <location filename="../app/workspaces/coverage_taxonomies_page.cpp" line="187"/>
        <source>Open a project first.</source>
        <translation>Zuerst ein Projekt öffnen.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomies_page.cpp" line="31"/>
        <source>Import JSON...</source>
        <translation>JSON importieren...</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomies_page.cpp" line="32"/>
        <source>Import a taxonomy file (format gauntlet-taxonomy) into the project</source>
        <translation>Eine Taxonomie-Datei (Format gauntlet-taxonomy) ins Projekt importieren</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomies_page.cpp" line="33"/>
        <source>Add Bundled</source>
        <translation>Mitgelieferte hinzufügen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomies_page.cpp" line="34"/>
        <source>Export JSON...</source>
        <translation>JSON exportieren...</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomies_page.cpp" line="35"/>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomies_page.cpp" line="42"/>
        <source>Taxonomies of the project:</source>
        <translation>Taxonomien des Projekts:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomies_page.cpp" line="61"/>
        <source>Add Bundled Taxonomy</source>
        <translation>Mitgelieferte Taxonomie hinzufügen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomies_page.cpp" line="82"/>
        <location filename="../app/workspaces/coverage_taxonomies_page.cpp" line="89"/>
        <location filename="../app/workspaces/coverage_taxonomies_page.cpp" line="244"/>
        <source>Save Taxonomy</source>
        <translation>Taxonomie speichern</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomies_page.cpp" line="83"/>
        <source>Saving replaces taxonomy &apos;%1&apos; and drops the corpus labellings and samples made with it. Save anyway?</source>
        <translation>Speichern ersetzt die Taxonomie &apos;%1&apos; und verwirft die damit erstellten Klassifizierungen und Stichproben. Trotzdem speichern?</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomies_page.cpp" line="136"/>
        <source>%1: cannot read: %2</source>
        <translation>%1: nicht lesbar: %2</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomies_page.cpp" line="172"/>
        <source>No taxonomy &apos;%1&apos; in the project.</source>
        <translation>Keine Taxonomie &apos;%1&apos; im Projekt.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomies_page.cpp" line="176"/>
        <source>%1: cannot write: %2</source>
        <translation>%1: nicht schreibbar: %2</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomies_page.cpp" line="177"/>
        <source>Exported taxonomy &apos;%1&apos; to %2</source>
        <translation>Taxonomie &apos;%1&apos; nach %2 exportiert</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/workspaces/coverage_taxonomies_page.cpp" line="110"/>
        <source>%n categories, %1 deterministic; added %2</source>
        <translation>
            <numerusform>%n Kategorie, %1 deterministisch; hinzugefügt %2</numerusform>
            <numerusform>%n Kategorien, %1 deterministisch; hinzugefügt %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/workspaces/coverage_taxonomies_page.cpp" line="140"/>
        <source>Imported taxonomy &apos;%1&apos; (%n categories) from %2</source>
        <translation>
            <numerusform>Taxonomie „%1“ (%n Kategorie) aus %2 importiert</numerusform>
            <numerusform>Taxonomie „%1“ (%n Kategorien) aus %2 importiert</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/workspaces/coverage_taxonomies_page.cpp" line="158"/>
        <source>Taxonomy &apos;%1&apos; (%n categories) is in the project</source>
        <translation>
            <numerusform>Taxonomie „%1“ (%n Kategorie) ist im Projekt</numerusform>
            <numerusform>Taxonomie „%1“ (%n Kategorien) ist im Projekt</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/workspaces/coverage_taxonomies_page.cpp" line="192"/>
        <source>Saved taxonomy &apos;%1&apos; (%n categories)</source>
        <translation>
            <numerusform>Taxonomie „%1“ (%n Kategorie) gespeichert</numerusform>
            <numerusform>Taxonomie „%1“ (%n Kategorien) gespeichert</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomies_page.cpp" line="201"/>
        <source>Import Taxonomy</source>
        <translation>Taxonomie importieren</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomies_page.cpp" line="201"/>
        <source>Taxonomies (*.json);;All files (*)</source>
        <translation>Taxonomien (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomies_page.cpp" line="205"/>
        <source>Cannot import taxonomy</source>
        <translation>Taxonomie kann nicht importiert werden</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomies_page.cpp" line="213"/>
        <source>Export Taxonomy</source>
        <translation>Taxonomie exportieren</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomies_page.cpp" line="213"/>
        <source>Taxonomies (*.json)</source>
        <translation>Taxonomien (*.json)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomies_page.cpp" line="217"/>
        <source>Cannot export taxonomy</source>
        <translation>Taxonomie kann nicht exportiert werden</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomies_page.cpp" line="225"/>
        <source>Remove Taxonomy</source>
        <translation>Taxonomie entfernen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomies_page.cpp" line="225"/>
        <source>Remove taxonomy &apos;%1&apos; with its labellings and samples?</source>
        <translation>Taxonomie &apos;%1&apos; mit ihren Klassifizierungen und Stichproben entfernen?</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomies_page.cpp" line="237"/>
        <source>Unsaved Taxonomy</source>
        <translation>Ungespeicherte Taxonomie</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomies_page.cpp" line="238"/>
        <source>Taxonomy &apos;%1&apos; has unsaved edits. Save them?</source>
        <translation>Taxonomie &apos;%1&apos; hat ungespeicherte Änderungen. Speichern?</translation>
    </message>
</context>
<context>
    <name>gauntlet::CoverageWorkspace</name>
    <message>
        <location filename="../app/workspaces/coverage_workspace_jobs.cpp" line="91"/>
        <source>. Warning: the file has no document column, so every segment is its own document and segments per document, Gini and TACTICS&apos; coherence level do not apply (shown as n/a).</source>
        <translation>. Warnung: Die Datei hat keine Dokumentspalte, also ist jedes Segment sein eigenes Dokument, und Segmente je Dokument, Gini und die Kohärenzstufe von TACTICS sind nicht anwendbar (als n/a angezeigt).</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_workspace.cpp" line="47"/>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_workspace.cpp" line="61"/>
        <source>The corpus the Corpora, Sample and Charts tabs work on</source>
        <translation>Das Korpus, mit dem die Reiter Korpora, Stichprobe und Diagramme arbeiten</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_workspace.cpp" line="62"/>
        <source>The taxonomy its segments are classified with</source>
        <translation>Die Taxonomie, mit der seine Segmente klassifiziert werden</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_workspace.cpp" line="64"/>
        <source>Corpus:</source>
        <translation>Korpus:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_workspace.cpp" line="67"/>
        <source>Taxonomy:</source>
        <translation>Taxonomie:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_workspace.cpp" line="72"/>
        <source>&amp;Taxonomies</source>
        <translation>&amp;Taxonomien</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_workspace.cpp" line="73"/>
        <source>C&amp;orpora &amp;&amp; Labels</source>
        <translation>K&amp;orpora &amp;&amp; Labels</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_workspace.cpp" line="74"/>
        <source>&amp;Sample</source>
        <translation>&amp;Stichprobe</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_workspace.cpp" line="75"/>
        <source>C&amp;harts</source>
        <translation>&amp;Diagramme</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_workspace.cpp" line="81"/>
        <source>Stop the running job (Esc); nothing of it is stored</source>
        <translation>Den laufenden Auftrag anhalten (Esc); nichts davon wird gespeichert</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_workspace.cpp" line="105"/>
        <source>%1: cancelled; nothing was stored.</source>
        <translation>%1: abgebrochen; nichts wurde gespeichert.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_workspace.cpp" line="107"/>
        <source>%1 failed: %2</source>
        <translation>%1 fehlgeschlagen: %2</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_workspace.cpp" line="215"/>
        <source>Loading corpus &apos;%1&apos;...</source>
        <translation>Korpus &apos;%1&apos; wird geladen...</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_workspace.cpp" line="383"/>
        <source>Labelling: %1 of %2 segments have a category (%3, %4)</source>
        <translation>Klassifizierung: %1 von %2 Segmenten haben eine Kategorie (%3, %4)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_workspace.cpp" line="387"/>
        <source>Not classified yet: press Classify on the Corpora tab.</source>
        <translation>Noch nicht klassifiziert: im Reiter Korpora auf Klassifizieren drücken.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_workspace.cpp" line="388"/>
        <source>Import a corpus and choose a taxonomy.</source>
        <translation>Ein Korpus importieren und eine Taxonomie wählen.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_workspace_jobs.cpp" line="45"/>
        <source>Open a project first.</source>
        <translation>Zuerst ein Projekt öffnen.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_workspace_jobs.cpp" line="49"/>
        <source>Wait for &apos;%1&apos; to finish (or cancel it) first.</source>
        <translation>Zuerst warten, bis &apos;%1&apos; fertig ist (oder es abbrechen).</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_workspace_jobs.cpp" line="57"/>
        <source>%1...</source>
        <translation>%1...</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_workspace_jobs.cpp" line="66"/>
        <source>Importing %1</source>
        <translation>Importiere %1</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_workspace_jobs.cpp" line="105"/>
        <source>Classify Again?</source>
        <translation>Erneut klassifizieren?</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/workspaces/coverage_workspace_jobs.cpp" line="106"/>
        <source>%n stored sample(s) were drawn under the current labels of &apos;%1&apos; with taxonomy &apos;%2&apos;. Classifying again replaces the labels and deletes these samples; their measures could no longer be reproduced.

Export them first with Export CSV in the Sample tab if you need them.</source>
        <translation>
            <numerusform>%n gespeicherte Stichprobe wurde unter den aktuellen Labels von „%1“ mit der Taxonomie „%2“ gezogen. Erneutes Klassifizieren ersetzt die Labels und löscht diese Stichprobe; ihre Maße ließen sich nicht mehr nachvollziehen.

Exportieren Sie sie vorher mit CSV exportieren im Reiter Stichprobe, falls Sie sie brauchen.</numerusform>
            <numerusform>%n gespeicherte Stichproben wurden unter den aktuellen Labels von „%1“ mit der Taxonomie „%2“ gezogen. Erneutes Klassifizieren ersetzt die Labels und löscht diese Stichproben; ihre Maße ließen sich nicht mehr nachvollziehen.

Exportieren Sie sie vorher mit CSV exportieren im Reiter Stichprobe, falls Sie sie brauchen.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_workspace_jobs.cpp" line="112"/>
        <source>Classify and Delete Samples</source>
        <translation>Klassifizieren und Stichproben löschen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_workspace_jobs.cpp" line="123"/>
        <source>Select a corpus to classify (import one first).</source>
        <translation>Ein Korpus zum Klassifizieren wählen (zuerst eines importieren).</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_workspace_jobs.cpp" line="138"/>
        <source>Corpus &apos;%1&apos; has no gold labels (import it with its labels column).</source>
        <translation>Korpus &apos;%1&apos; hat keine Gold-Labels (mit seiner Label-Spalte importieren).</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_workspace_jobs.cpp" line="146"/>
        <source>Select a taxonomy (Taxonomies tab) to classify with.</source>
        <translation>Eine Taxonomie zum Klassifizieren wählen (Reiter Taxonomien).</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_workspace_jobs.cpp" line="160"/>
        <source>The LLM classifier needs an endpoint URL and a model name.</source>
        <translation>Der LLM-Klassifikator braucht eine Endpunkt-URL und einen Modellnamen.</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/workspaces/coverage_workspace_jobs.cpp" line="168"/>
        <source>Not classified: the %n stored sample(s) drawn under the current labels are kept.</source>
        <translation>
            <numerusform>Nicht klassifiziert: Die %n unter den aktuellen Labels gezogene Stichprobe bleibt erhalten.</numerusform>
            <numerusform>Nicht klassifiziert: Die %n unter den aktuellen Labels gezogenen Stichproben bleiben erhalten.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_workspace_jobs.cpp" line="171"/>
        <source>Classifying %1 with %2</source>
        <translation>Klassifiziere %1 mit %2</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_workspace_jobs.cpp" line="222"/>
        <source>Classified %1 segments of &apos;%2&apos; with taxonomy &apos;%3&apos; (%4): %5 have a category.</source>
        <translation>%1 Segmente von &apos;%2&apos; mit der Taxonomie &apos;%3&apos; klassifiziert (%4): %5 haben eine Kategorie.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_workspace_jobs.cpp" line="227"/>
        <source>LLM: %1 labels with unknown categories dropped, %2 segments asked again, %3 unanswered.</source>
        <translation>LLM: %1 Labels mit unbekannten Kategorien verworfen, %2 Segmente erneut gefragt, %3 unbeantwortet.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_workspace_jobs.cpp" line="240"/>
        <location filename="../app/workspaces/coverage_workspace_jobs.cpp" line="269"/>
        <source>Classify the selected corpus first (Corpora tab).</source>
        <translation>Zuerst das gewählte Korpus klassifizieren (Reiter Korpora).</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_workspace_jobs.cpp" line="262"/>
        <source>A sample named &apos;%1&apos; exists already: choose another name or seed.</source>
        <translation>Eine Stichprobe namens &apos;%1&apos; gibt es schon: einen anderen Namen oder Seed wählen.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_workspace_jobs.cpp" line="259"/>
        <source>A sample named &apos;%1&apos; exists already (corpus &apos;%2&apos;, taxonomy &apos;%3&apos;): choose another name or seed.</source>
        <translation>Eine Stichprobe namens &apos;%1&apos; gibt es schon (Korpus &apos;%2&apos;, Taxonomie &apos;%3&apos;): einen anderen Namen oder Seed wählen.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_workspace_jobs.cpp" line="86"/>
        <source>Imported corpus &apos;%1&apos;: %2, %3, %4, mean post-edit score %5</source>
        <translation>Korpus „%1“ importiert: %2, %3, %4, mittlerer Post-Edit-Wert %5</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/workspaces/coverage_workspace_jobs.cpp" line="87"/>
        <source>%n segment(s)</source>
        <translation>
            <numerusform>%n Segment</numerusform>
            <numerusform>%n Segmente</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/workspaces/coverage_workspace_jobs.cpp" line="88"/>
        <source>%n document(s)</source>
        <translation>
            <numerusform>%n Dokument</numerusform>
            <numerusform>%n Dokumente</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/workspaces/coverage_workspace_jobs.cpp" line="88"/>
        <source>%n system(s)</source>
        <translation>
            <numerusform>%n System</numerusform>
            <numerusform>%n Systeme</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_workspace_jobs.cpp" line="273"/>
        <source>The budget B must be at least 1.</source>
        <translation>Das Budget B muss mindestens 1 sein.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_workspace_jobs.cpp" line="284"/>
        <source>Drawing %1</source>
        <translation>Ziehe %1</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_workspace_jobs.cpp" line="284"/>
        <source>Drawing %1 samplers at B = %2</source>
        <translation>Ziehe mit %1 Stichprobenverfahren bei B = %2</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_workspace_jobs.cpp" line="323"/>
        <source>Stored sample &apos;%1&apos;: %2 segments, Cov20 %3, Cov1 %4 of %5 feasible categories, Pearson r %6</source>
        <translation>Stichprobe &apos;%1&apos; gespeichert: %2 Segmente, Cov20 %3, Cov1 %4 von %5 erreichbaren Kategorien, Pearson r %6</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_workspace_jobs.cpp" line="331"/>
        <source>Stored %1 samples%2.</source>
        <translation>%1 Stichproben gespeichert%2.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_workspace_jobs.cpp" line="332"/>
        <source>; kept the existing %1</source>
        <translation>; die vorhandenen behalten: %1</translation>
    </message>
</context>
<context>
    <name>gauntlet::EvaluateWorkspace</name>
    <message>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="381"/>
        <source>%1 seed items paired with augmented examples, %2 not paired.</source>
        <translation>%1 Ausgangstext-Einträge mit erweiterten Beispielen gepaart, %2 nicht gepaart.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="476"/>
        <source>Not imported: %1 holds answers of campaign &apos;%2&apos;, which is not in this project (campaign &apos;%3&apos; is selected).</source>
        <translation>Nicht importiert: %1 enthält Antworten der Kampagne &apos;%2&apos;, die nicht in diesem Projekt ist (gewählt ist die Kampagne &apos;%3&apos;).</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="480"/>
        <source>%1 holds answers of %2 for campaign &apos;%3&apos;, but campaign &apos;%4&apos; is selected.</source>
        <translation>%1 enthält Antworten von %2 für die Kampagne &apos;%3&apos;, gewählt ist aber die Kampagne &apos;%4&apos;.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="483"/>
        <source>Import into &apos;%1&apos;</source>
        <translation>In &apos;%1&apos; importieren</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="487"/>
        <source>Not imported: %1 belongs to campaign &apos;%2&apos;, not to the selected &apos;%3&apos;.</source>
        <translation>Nicht importiert: %1 gehört zur Kampagne &apos;%2&apos;, nicht zur gewählten &apos;%3&apos;.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="61"/>
        <source>Start</source>
        <translation>Starten</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="61"/>
        <source>New Profile...</source>
        <translation>Neues Profil...</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="66"/>
        <source>&amp;Campaign:</source>
        <translation>&amp;Kampagne:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="70"/>
        <source>&amp;Annotator:</source>
        <translation>&amp;Annotator:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="74"/>
        <source>Who is annotating: several annotators can share this machine, each under their own profile.</source>
        <translation>Wer annotiert: Mehrere Annotatoren können diesen Rechner teilen, jeder unter einem eigenen Profil.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="75"/>
        <source>Add an annotator profile on this machine (Ctrl+Shift+P).</source>
        <translation>Ein Annotatorprofil auf diesem Rechner anlegen (Strg+Umschalt+P).</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="78"/>
        <source>Annotate the chosen campaign as the chosen profile, from the first unanswered item (Ctrl+R).</source>
        <translation>Die gewählte Kampagne unter dem gewählten Profil annotieren, ab dem ersten unbeantworteten Eintrag (Strg+R).</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="81"/>
        <source>New Campaign...</source>
        <translation>Neue Kampagne...</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="82"/>
        <source>Build a campaign from the project&apos;s examples and hand it to annotators.</source>
        <translation>Eine Kampagne aus den Beispielen des Projekts bilden und an Annotatoren verteilen.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="83"/>
        <source>Open Package...</source>
        <translation>Paket öffnen...</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="84"/>
        <source>On an annotator&apos;s machine: add a campaign package received from the organiser.</source>
        <translation>Auf dem Rechner eines Annotators: ein vom Organisator erhaltenes Kampagnenpaket hinzufügen.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="85"/>
        <source>Save Result File...</source>
        <translation>Ergebnisdatei speichern...</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="86"/>
        <source>On an annotator&apos;s machine: write this annotator&apos;s answers for the organiser.</source>
        <translation>Auf dem Rechner eines Annotators: die Antworten dieses Annotators für den Organisator schreiben.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="96"/>
        <source>Open Package</source>
        <translation>Paket öffnen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="96"/>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="437"/>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="451"/>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="96"/>
        <source>Package refused</source>
        <translation>Paket abgelehnt</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="100"/>
        <source>Save Result File</source>
        <translation>Ergebnisdatei speichern</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="100"/>
        <source>Not saved</source>
        <translation>Nicht gespeichert</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="106"/>
        <source>Annotate</source>
        <translation>Annotieren</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="108"/>
        <source>Results</source>
        <translation>Ergebnisse</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="141"/>
        <source>Press Start to annotate as %1.</source>
        <translation>Starten drücken, um als %1 zu annotieren.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="148"/>
        <source>Queue finished; the answers are saved.</source>
        <translation>Warteschlange abgeschlossen; die Antworten sind gespeichert.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="201"/>
        <source>No campaigns yet: create one with New Campaign... or &apos;gauntlet campaigns create&apos;.</source>
        <translation>Noch keine Kampagnen: eine mit „Neue Kampagne...“ oder &apos;gauntlet campaigns create&apos; anlegen.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="216"/>
        <source>%1 has a queue in this campaign</source>
        <translation>%1 hat eine Warteschlange in dieser Kampagne</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="222"/>
        <source>%1 has no items in this campaign</source>
        <translation>%1 hat keine Einträge in dieser Kampagne</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="231"/>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="262"/>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="354"/>
        <source>No project is open.</source>
        <translation>Kein Projekt ist geöffnet.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="234"/>
        <source>Cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="252"/>
        <source>Package for %1 added: press Start to annotate.</source>
        <translation>Paket für %1 hinzugefügt: Starten drücken, um zu annotieren.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="270"/>
        <source>Profile %1 added.</source>
        <translation>Profil %1 angelegt.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="280"/>
        <source>New Annotator Profile</source>
        <translation>Neues Annotatorprofil</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="281"/>
        <source>Name of the annotator (1 to 100 characters, unique on this machine):</source>
        <translation>Name des Annotators (1 bis 100 Zeichen, eindeutig auf diesem Rechner):</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="288"/>
        <source>Profile not added</source>
        <translation>Profil nicht angelegt</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="294"/>
        <source>%1 (%2, %3/%4 answers)</source>
        <translation>%1 (%2, %3/%4 Antworten)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="313"/>
        <source>%1 has no items in this campaign. Choose another profile, or, on an annotator&apos;s machine, open the package the organiser made for %1.</source>
        <translation>%1 hat keine Einträge in dieser Kampagne. Ein anderes Profil wählen oder, auf dem Rechner eines Annotators, das Paket öffnen, das der Organisator für %1 erstellt hat.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="320"/>
        <source>Annotating as %1.</source>
        <translation>Annotation als %1.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="322"/>
        <source>Cannot start</source>
        <translation>Start nicht möglich</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="379"/>
        <source>Campaign &apos;%1&apos;: %2, %3 skipped (too few MT outputs).</source>
        <translation>Kampagne „%1“: %2, %3 übersprungen (zu wenige MÜ-Ausgaben).</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="379"/>
        <source>%n example(s) used</source>
        <translation>
            <numerusform>%n Beispiel verwendet</numerusform>
            <numerusform>%n Beispiele verwendet</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="493"/>
        <source>Imported %n answer(s) of %1 into &apos;%2&apos;.</source>
        <translation>
            <numerusform>%n Antwort von %1 in „%2“ importiert.</numerusform>
            <numerusform>%n Antworten von %1 in „%2“ importiert.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="406"/>
        <source>Campaign not created</source>
        <translation>Kampagne nicht angelegt</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="414"/>
        <source>Export JSONL</source>
        <translation>JSONL exportieren</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="414"/>
        <source>Export CSV</source>
        <translation>CSV exportieren</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="415"/>
        <source>JSON lines (*.jsonl)</source>
        <translation>JSON Lines (*.jsonl)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="415"/>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="423"/>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="428"/>
        <source>Export failed</source>
        <translation>Export fehlgeschlagen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="423"/>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="428"/>
        <source>Export Package</source>
        <translation>Paket exportieren</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="451"/>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="479"/>
        <source>Import Result File</source>
        <translation>Ergebnisdatei importieren</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="451"/>
        <source>Import refused</source>
        <translation>Import abgelehnt</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="109"/>
        <source>Adjudicate</source>
        <translation>Adjudizieren</translation>
    </message>
</context>
<context>
    <name>gauntlet::ExampleForm</name>
    <message>
        <location filename="../app/workspaces/example_form.cpp" line="37"/>
        <source>Example</source>
        <translation>Beispiel</translation>
    </message>
    <message>
        <location filename="../app/workspaces/example_form.cpp" line="41"/>
        <source>e.g. English, Serbian (Cyrillic), Neapolitan</source>
        <translation>z. B. Englisch, Serbisch (Kyrillisch), Neapolitanisch</translation>
    </message>
    <message>
        <location filename="../app/workspaces/example_form.cpp" line="42"/>
        <location filename="../app/workspaces/example_form.cpp" line="45"/>
        <source>ISO code (optional)</source>
        <translation>ISO-Code (optional)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/example_form.cpp" line="44"/>
        <source>e.g. Spanish</source>
        <translation>z. B. Spanisch</translation>
    </message>
    <message>
        <location filename="../app/workspaces/example_form.cpp" line="53"/>
        <source>Languages:</source>
        <translation>Sprachen:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/example_form.cpp" line="56"/>
        <source>An input that most MT systems get wrong (at most 5000 characters)</source>
        <translation>Ein Text, den die meisten MÜ-Systeme falsch übersetzen (höchstens 5000 Zeichen)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/example_form.cpp" line="64"/>
        <source>Source text:</source>
        <translation>Quelltext:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/example_form.cpp" line="65"/>
        <source>Optional translation instructions</source>
        <translation>Optionale Übersetzungsanweisungen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/example_form.cpp" line="66"/>
        <source>Instructions:</source>
        <translation>Anweisungen:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/example_form.cpp" line="67"/>
        <source>Optional context (what the text accompanies)</source>
        <translation>Optionaler Kontext (wozu der Text gehört)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/example_form.cpp" line="68"/>
        <source>Context:</source>
        <translation>Kontext:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/example_form.cpp" line="69"/>
        <source>Where reused material comes from, e.g. a URL</source>
        <translation>Herkunft übernommenen Materials, z. B. eine URL</translation>
    </message>
    <message>
        <location filename="../app/workspaces/example_form.cpp" line="70"/>
        <source>Attribution:</source>
        <translation>Quellenangabe:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/example_form.cpp" line="73"/>
        <source>Your correct translation: it must pass every rule</source>
        <translation>Ihre richtige Übersetzung: Sie muss jede Regel erfüllen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/example_form.cpp" line="76"/>
        <source>Reference:</source>
        <translation>Referenz:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/example_form.cpp" line="77"/>
        <source>LTB taxonomy tags, comma-separated (e.g. polysemy, wordplay)</source>
        <translation>LTB-Taxonomie-Schlagwörter, durch Kommas getrennt (z. B. polysemy, wordplay)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/example_form.cpp" line="105"/>
        <source>Linguistic tags:</source>
        <translation>Linguistische Schlagwörter:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/example_form.cpp" line="106"/>
        <source>Free tags, comma-separated</source>
        <translation>Freie Schlagwörter, durch Kommas getrennt</translation>
    </message>
    <message>
        <location filename="../app/workspaces/example_form.cpp" line="107"/>
        <source>Tags:</source>
        <translation>Schlagwörter:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/example_form.cpp" line="188"/>
        <source>%1 / %2 characters</source>
        <translation>%1 / %2 Zeichen</translation>
    </message>
</context>
<context>
    <name>gauntlet::ExampleListModel</name>
    <message>
        <location filename="../models/example_list_model.cpp" line="60"/>
        <source>draft</source>
        <translation>Entwurf</translation>
    </message>
    <message>
        <location filename="../models/example_list_model.cpp" line="61"/>
        <source>submitted</source>
        <translation>eingereicht</translation>
    </message>
    <message>
        <location filename="../models/example_list_model.cpp" line="62"/>
        <source>accepted</source>
        <translation>angenommen</translation>
    </message>
    <message>
        <location filename="../models/example_list_model.cpp" line="63"/>
        <source>returned</source>
        <translation>zurückgegeben</translation>
    </message>
    <message>
        <location filename="../models/example_list_model.cpp" line="85"/>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <location filename="../models/example_list_model.cpp" line="101"/>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location filename="../models/example_list_model.cpp" line="101"/>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <location filename="../models/example_list_model.cpp" line="101"/>
        <source>Languages</source>
        <translation>Sprachen</translation>
    </message>
    <message>
        <location filename="../models/example_list_model.cpp" line="101"/>
        <source>Source text</source>
        <translation>Quelltext</translation>
    </message>
    <message>
        <location filename="../models/example_list_model.cpp" line="101"/>
        <source>Author</source>
        <translation>Autor</translation>
    </message>
    <message>
        <location filename="../models/example_list_model.cpp" line="101"/>
        <source>Updated</source>
        <translation>Geändert</translation>
    </message>
</context>
<context>
    <name>gauntlet::ExampleListPane</name>
    <message>
        <location filename="../app/workspaces/example_list_pane.cpp" line="28"/>
        <source>&amp;New example</source>
        <translation>&amp;Neues Beispiel</translation>
    </message>
    <message>
        <location filename="../app/workspaces/example_list_pane.cpp" line="31"/>
        <source>Start a new challenge example (Ctrl+Shift+N)</source>
        <translation>Ein neues Challenge-Beispiel beginnen (Strg+Umschalt+N)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/example_list_pane.cpp" line="32"/>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/example_list_pane.cpp" line="34"/>
        <source>From a seed...</source>
        <translation>Aus einem Ausgangstext...</translation>
    </message>
    <message>
        <location filename="../app/workspaces/example_list_pane.cpp" line="36"/>
        <source>Start a new example from one of the project&apos;s seed texts</source>
        <translation>Ein neues Beispiel aus einem der Ausgangstexte des Projekts beginnen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/example_list_pane.cpp" line="45"/>
        <source>My examples</source>
        <translation>Meine Beispiele</translation>
    </message>
</context>
<context>
    <name>gauntlet::JudgeText</name>
    <message>
        <location filename="../engine/judge/judge_text.cpp" line="44"/>
        <source>complete parse</source>
        <translation>vollständige Analyse</translation>
    </message>
    <message>
        <location filename="../engine/judge/judge_text.cpp" line="46"/>
        <source>no parse (timed out)</source>
        <translation>keine Analyse (Zeitlimit)</translation>
    </message>
    <message>
        <location filename="../engine/judge/judge_text.cpp" line="48"/>
        <source>no complete parse, 1 null link</source>
        <translation>keine vollständige Analyse, 1 Null-Link</translation>
    </message>
    <message>
        <location filename="../engine/judge/judge_text.cpp" line="49"/>
        <source>no complete parse, %1 null links</source>
        <translation>keine vollständige Analyse, %1 Null-Links</translation>
    </message>
    <message>
        <location filename="../engine/judge/judge_text.cpp" line="95"/>
        <location filename="../engine/judge/judge_text.cpp" line="134"/>
        <source>no misspelled words</source>
        <translation>keine Rechtschreibfehler</translation>
    </message>
    <message>
        <location filename="../engine/judge/judge_text.cpp" line="97"/>
        <source>misspelled: %1</source>
        <translation>falsch geschrieben: %1</translation>
    </message>
    <message>
        <location filename="../engine/judge/judge_text.cpp" line="84"/>
        <source>%1: no unknown words, round-trip chrF %2</source>
        <translation>%1: keine unbekannten Wörter, Rundreise-chrF %2</translation>
    </message>
    <message>
        <location filename="../engine/judge/judge_text.cpp" line="75"/>
        <source>guard held: %1</source>
        <translation>Schutzfilter eingehalten: %1</translation>
    </message>
    <message>
        <location filename="../engine/judge/judge_text.cpp" line="86"/>
        <source>%1: unknown %2, round-trip chrF %3</source>
        <translation>%1: unbekannt %2, Rundreise-chrF %3</translation>
    </message>
    <message>
        <location filename="../engine/judge/judge_text.cpp" line="89"/>
        <source>trigram LM %1 per word</source>
        <translation>Trigramm-LM %1 pro Wort</translation>
    </message>
    <message>
        <location filename="../engine/judge/judge_text.cpp" line="115"/>
        <source>Not judged.</source>
        <translation>Nicht geprüft.</translation>
    </message>
    <message>
        <location filename="../engine/judge/judge_text.cpp" line="118"/>
        <source>Plausibility (CMU trigram LM): log10 P %1 over %2 words (%3 per word)%4</source>
        <translation>Plausibilität (CMU-Trigramm-LM): log10 P %1 über %2 Wörter (%3 pro Wort)%4</translation>
    </message>
    <message>
        <location filename="../engine/judge/judge_text.cpp" line="123"/>
        <source>; unknown to it: %1</source>
        <translation>; ihm unbekannt: %1</translation>
    </message>
    <message>
        <location filename="../engine/judge/judge_text.cpp" line="128"/>
        <source>Guards of the search (their verdicts echo the filter): %1</source>
        <translation>Schutzfilter der Suche (ihre Urteile spiegeln nur den Filter): %1</translation>
    </message>
    <message>
        <location filename="../engine/judge/judge_text.cpp" line="131"/>
        <source>Grammar (link-grammar): %1</source>
        <translation>Grammatik (link-grammar): %1</translation>
    </message>
    <message>
        <location filename="../engine/judge/judge_text.cpp" line="133"/>
        <source>Spelling (Hunspell): %1</source>
        <translation>Rechtschreibung (Hunspell): %1</translation>
    </message>
    <message>
        <location filename="../engine/judge/judge_text.cpp" line="134"/>
        <source>misspelled %1</source>
        <translation>falsch geschrieben %1</translation>
    </message>
    <message>
        <location filename="../engine/judge/judge_text.cpp" line="136"/>
        <source>Round trip (Apertium %1): chrF %2, unknown words: %3</source>
        <translation>Rundreise (Apertium %1): chrF %2, unbekannte Wörter: %3</translation>
    </message>
    <message>
        <location filename="../engine/judge/judge_text.cpp" line="137"/>
        <source>none</source>
        <translation>keine</translation>
    </message>
</context>
<context>
    <name>gauntlet::MainWindow</name>
    <message>
        <location filename="../app/main_window.cpp" line="199"/>
        <source>Kept the current project: the example being edited is not saved yet.</source>
        <translation>Das aktuelle Projekt bleibt offen: Das bearbeitete Beispiel ist noch nicht gespeichert.</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="201"/>
        <source>Kept the current project: the taxonomy being edited is not saved yet.</source>
        <translation>Das aktuelle Projekt bleibt offen: Die bearbeitete Taxonomie ist noch nicht gespeichert.</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/main_window.cpp" line="223"/>
        <source>%n run(s) whose process had ended were marked interrupted.</source>
        <translation>
            <numerusform>%n Lauf, dessen Prozess beendet war, wurde als abgebrochen markiert.</numerusform>
            <numerusform>%n Läufe, deren Prozess beendet war, wurden als abgebrochen markiert.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="38"/>
        <source>Gauntlet</source>
        <translation>Gauntlet</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="43"/>
        <source>Augment</source>
        <translation>Erweitern</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="44"/>
        <source>Contribute</source>
        <translation>Beitragen</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="45"/>
        <source>Evaluate</source>
        <translation>Bewerten</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="46"/>
        <source>Coverage</source>
        <translation>Abdeckung</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="117"/>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="118"/>
        <source>&amp;New Project...</source>
        <translation>&amp;Neues Projekt...</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="120"/>
        <source>&amp;Open Project...</source>
        <translation>Projekt ö&amp;ffnen...</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="122"/>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="125"/>
        <source>&amp;Import Seeds...</source>
        <translation>Ausgangstexte &amp;importieren...</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="128"/>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="131"/>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="137"/>
        <source>&amp;Settings</source>
        <translation>&amp;Einstellungen</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="138"/>
        <source>&amp;Language</source>
        <translation>&amp;Sprache</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="143"/>
        <source>System default</source>
        <translation>Systemvorgabe</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="152"/>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="153"/>
        <source>&amp;About Gauntlet</source>
        <translation>Ü&amp;ber Gauntlet</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="154"/>
        <source>About &amp;Qt</source>
        <translation>Über &amp;Qt</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="164"/>
        <source>(none)</source>
        <translation>(keine)</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="170"/>
        <source>No project open</source>
        <translation>Kein Projekt geöffnet</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="177"/>
        <source>Project %1 (schema v%2): %3, %4</source>
        <translation>Projekt %1 (Schema v%2): %3, %4</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/main_window.cpp" line="178"/>
        <source>%n seed set(s)</source>
        <translation>
            <numerusform>%n Sammlung</numerusform>
            <numerusform>%n Sammlungen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/main_window.cpp" line="178"/>
        <source>%n seed(s)</source>
        <translation>
            <numerusform>%n Ausgangstext</numerusform>
            <numerusform>%n Ausgangstexte</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/main_window.cpp" line="285"/>
        <source>Imported %n seed(s) into seed set &apos;%1&apos;</source>
        <translation>
            <numerusform>%n Ausgangstext in die Sammlung „%1“ importiert</numerusform>
            <numerusform>%n Ausgangstexte in die Sammlung „%1“ importiert</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="183"/>
        <source>%1 - Gauntlet</source>
        <translation>%1 - Gauntlet</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="194"/>
        <source>Cannot open project</source>
        <translation>Projekt kann nicht geöffnet werden</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="252"/>
        <location filename="../app/main_window.cpp" line="257"/>
        <source>New Project</source>
        <translation>Neues Projekt</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="253"/>
        <source>Gauntlet projects (*.gauntlet)</source>
        <translation>Gauntlet-Projekte (*.gauntlet)</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="258"/>
        <source>%1 already exists. Use File &gt; Open Project to open it; Gauntlet never overwrites a file.</source>
        <translation>%1 existiert bereits. Öffnen Sie es mit Datei &gt; Projekt öffnen; Gauntlet überschreibt nie eine Datei.</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="266"/>
        <source>Open Project</source>
        <translation>Projekt öffnen</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="267"/>
        <source>Gauntlet projects (*.gauntlet);;All files (*)</source>
        <translation>Gauntlet-Projekte (*.gauntlet);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="276"/>
        <source>Open a project first.</source>
        <translation>Öffnen Sie zuerst ein Projekt.</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="291"/>
        <source>Cannot import seeds</source>
        <translation>Ausgangstexte können nicht importiert werden</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="299"/>
        <source>Import Seeds</source>
        <translation>Ausgangstexte importieren</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="300"/>
        <source>Seed files (*.tsv *.txt *.jsonl);;All files (*)</source>
        <translation>Ausgangstext-Dateien (*.tsv *.txt *.jsonl);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="308"/>
        <source>The language changes the next time Gauntlet starts.</source>
        <translation>Die Sprache wechselt beim nächsten Start von Gauntlet.</translation>
    </message>
</context>
<context>
    <name>gauntlet::MessagePanel</name>
    <message>
        <location filename="../widgets/message_panel.cpp" line="20"/>
        <source>Dismiss</source>
        <translation>Ausblenden</translation>
    </message>
    <message>
        <location filename="../widgets/message_panel.cpp" line="21"/>
        <source>Hide these messages</source>
        <translation>Diese Meldungen ausblenden</translation>
    </message>
</context>
<context>
    <name>gauntlet::NewCampaignDialog</name>
    <message>
        <location filename="../app/workspaces/evaluate_new_campaign.cpp" line="69"/>
        <source>Add the seeds of augmented examples as a paired control</source>
        <translation>Die Ausgangstexte erweiterter Beispiele als gepaarte Kontrolle hinzufügen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_new_campaign.cpp" line="71"/>
        <source>For each example made from an augmentation run, the same item with the run&apos;s seed as source and the same MT systems&apos; stored translations of it; the two items are paired, so results compare them</source>
        <translation>Für jedes aus einem Erweiterungslauf erstellte Beispiel derselbe Eintrag mit dem Ausgangstext des Laufs als Quelle und den gespeicherten Übersetzungen derselben MÜ-Systeme; beide Einträge sind gepaart, sodass die Ergebnisse sie vergleichen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_new_campaign.cpp" line="40"/>
        <source>New Campaign</source>
        <translation>Neue Kampagne</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_new_campaign.cpp" line="31"/>
        <source>Two stages: without, then with the rules</source>
        <translation>Zwei Stufen: ohne, dann mit den Regeln</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_new_campaign.cpp" line="32"/>
        <source>Ask the rule form after the last stage</source>
        <translation>Nach der letzten Stufe den Regelbogen abfragen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_new_campaign.cpp" line="34"/>
        <source>Shuffle the order of the translations per annotator and item</source>
        <translation>Reihenfolge der Übersetzungen je Annotator und Eintrag mischen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_new_campaign.cpp" line="35"/>
        <source>Hide system names (annotators see A, B, ...)</source>
        <translation>Systemnamen verbergen (Annotatoren sehen A, B, ...)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_new_campaign.cpp" line="36"/>
        <source>Add the human reference as system &quot;human&quot;</source>
        <translation>Die menschliche Referenz als System „human“ hinzufügen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_new_campaign.cpp" line="37"/>
        <source>By characters (CJK, Thai) instead of words</source>
        <translation>Nach Zeichen (CJK, Thai) statt nach Wörtern</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_new_campaign.cpp" line="77"/>
        <source>cESA (translations side by side)</source>
        <translation>cESA (Übersetzungen nebeneinander)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_new_campaign.cpp" line="78"/>
        <source>ESA (one translation)</source>
        <translation>ESA (eine Übersetzung)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_new_campaign.cpp" line="79"/>
        <source>Likert 1-5</source>
        <translation>Likert 1-5</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_new_campaign.cpp" line="80"/>
        <source>LTB rule form</source>
        <translation>LTB-Regelbogen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_new_campaign.cpp" line="89"/>
        <source>comma-separated names</source>
        <translation>Namen, durch Kommas getrennt</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_new_campaign.cpp" line="94"/>
        <source>no limit</source>
        <translation>keine Grenze</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_new_campaign.cpp" line="97"/>
        <source>Seed of the shuffled item and system orders (stored with the campaign)</source>
        <translation>Startwert der gemischten Eintrags- und Systemreihenfolgen (mit der Kampagne gespeichert)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_new_campaign.cpp" line="100"/>
        <source>Shown to the annotators above every item</source>
        <translation>Wird den Annotatoren über jedem Eintrag gezeigt</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_new_campaign.cpp" line="102"/>
        <source>all examples</source>
        <translation>alle Beispiele</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_new_campaign.cpp" line="106"/>
        <source>Appraise bad references: copies of the first N items with a phrase replaced; annotators should score them lower</source>
        <translation>Appraise: schlechte Referenzen, Kopien der ersten N Einträge mit einer ersetzten Wendung; Annotatoren sollten sie niedriger bewerten</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_new_campaign.cpp" line="107"/>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_new_campaign.cpp" line="108"/>
        <source>A JSON list of items with known answers: &quot;check&quot; tutorial (must be right to go on), loud (a wrong answer is shown and retried) or silent (only logged), &quot;expected&quot; score ranges and spans per translation</source>
        <translation>Eine JSON-Liste von Einträgen mit bekannten Antworten: „check“ tutorial (muss stimmen, um weiterzugehen), loud (eine falsche Antwort wird gezeigt und wiederholt) oder silent (nur protokolliert), „expected“ Bewertungsbereiche und Stellen je Übersetzung</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_new_campaign.cpp" line="114"/>
        <source>Browse...</source>
        <translation>Durchsuchen...</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_new_campaign.cpp" line="116"/>
        <source>Attention Checks</source>
        <translation>Aufmerksamkeitsprüfungen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_new_campaign.cpp" line="116"/>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_new_campaign.cpp" line="129"/>
        <source>Name:</source>
        <translation>Name:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_new_campaign.cpp" line="130"/>
        <source>Protocol:</source>
        <translation>Protokoll:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_new_campaign.cpp" line="133"/>
        <source>Likert scales:</source>
        <translation>Likert-Skalen:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_new_campaign.cpp" line="134"/>
        <source>Annotators:</source>
        <translation>Annotatoren:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_new_campaign.cpp" line="135"/>
        <source>Annotators per item:</source>
        <translation>Annotatoren je Eintrag:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_new_campaign.cpp" line="136"/>
        <source>Items per annotator:</source>
        <translation>Einträge je Annotator:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_new_campaign.cpp" line="137"/>
        <source>Instructions:</source>
        <translation>Anleitung:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_new_campaign.cpp" line="138"/>
        <source>Order and names</source>
        <translation>Reihenfolge und Namen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_new_campaign.cpp" line="142"/>
        <source>Seed:</source>
        <translation>Startwert:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_new_campaign.cpp" line="143"/>
        <source>Items and quality control</source>
        <translation>Einträge und Qualitätskontrolle</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_new_campaign.cpp" line="145"/>
        <source>Examples:</source>
        <translation>Beispiele:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_new_campaign.cpp" line="148"/>
        <source>Bad references:</source>
        <translation>Schlechte Referenzen:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_new_campaign.cpp" line="150"/>
        <source>Attention checks:</source>
        <translation>Aufmerksamkeitsprüfungen:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_new_campaign.cpp" line="216"/>
        <source>Cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
</context>
<context>
    <name>gauntlet::ObjectiveChart</name>
    <message>
        <location filename="../widgets/objective_chart.cpp" line="45"/>
        <source>best PPL</source>
        <translation>beste PPL</translation>
    </message>
    <message>
        <location filename="../widgets/objective_chart.cpp" line="46"/>
        <source>mean PPL</source>
        <translation>mittlere PPL</translation>
    </message>
    <message>
        <location filename="../widgets/objective_chart.cpp" line="47"/>
        <source>phase 2</source>
        <translation>Phase 2</translation>
    </message>
    <message>
        <location filename="../widgets/objective_chart.cpp" line="42"/>
        <source>best L</source>
        <translation>bestes L</translation>
    </message>
    <message>
        <location filename="../widgets/objective_chart.cpp" line="42"/>
        <source>mean L</source>
        <translation>mittleres L</translation>
    </message>
    <message>
        <location filename="../widgets/objective_chart.cpp" line="43"/>
        <source>D</source>
        <translation>D</translation>
    </message>
    <message>
        <location filename="../widgets/objective_chart.cpp" line="43"/>
        <source>L_CoLA</source>
        <translation>L_CoLA</translation>
    </message>
    <message>
        <location filename="../widgets/objective_chart.cpp" line="44"/>
        <source>L_cos</source>
        <translation>L_cos</translation>
    </message>
    <message>
        <location filename="../widgets/objective_chart.cpp" line="48"/>
        <source>shown step</source>
        <translation>angezeigter Schritt</translation>
    </message>
    <message>
        <location filename="../widgets/objective_chart.cpp" line="51"/>
        <location filename="../widgets/objective_chart.cpp" line="348"/>
        <source>Objective per step</source>
        <translation>Zielfunktion pro Schritt</translation>
    </message>
    <message>
        <location filename="../widgets/objective_chart.cpp" line="54"/>
        <source>step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <location filename="../widgets/objective_chart.cpp" line="57"/>
        <source>L</source>
        <translation>L</translation>
    </message>
    <message>
        <location filename="../widgets/objective_chart.cpp" line="58"/>
        <source>D, L_CoLA, L_cos</source>
        <translation>D, L_CoLA, L_cos</translation>
    </message>
    <message>
        <location filename="../widgets/objective_chart.cpp" line="62"/>
        <source>PPL (phase 2)</source>
        <translation>PPL (Phase 2)</translation>
    </message>
    <message>
        <location filename="../widgets/objective_chart.cpp" line="103"/>
        <source>Phase 2 starts here: its objective is perplexity (right axis, PPL)</source>
        <translation>Hier beginnt Phase 2: ihre Zielfunktion ist die Perplexität (rechte Achse, PPL)</translation>
    </message>
    <message>
        <location filename="../widgets/objective_chart.cpp" line="152"/>
        <source>%1 · step %2: %3</source>
        <extracomment>%1 series name, %2 step, %3 value</extracomment>
        <translation>%1 · Schritt %2: %3</translation>
    </message>
    <message>
        <location filename="../widgets/objective_chart.cpp" line="419"/>
        <location filename="../widgets/objective_chart.cpp" line="423"/>
        <source>Cannot write %1</source>
        <translation>%1 kann nicht geschrieben werden</translation>
    </message>
    <message>
        <location filename="../widgets/objective_chart.cpp" line="434"/>
        <source>Cannot write %1 (unknown image format or no permission)</source>
        <translation>%1 kann nicht geschrieben werden (unbekanntes Bildformat oder keine Berechtigung)</translation>
    </message>
</context>
<context>
    <name>gauntlet::OutputsPanel</name>
    <message>
        <location filename="../app/workspaces/outputs_panel_runs.cpp" line="99"/>
        <source>Choose at least one verifier in the Verifiers menu next to Verify.</source>
        <translation>Wählen Sie im Menü Prüfer neben Prüfen mindestens einen Prüfer.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/outputs_panel.cpp" line="36"/>
        <source>MT outputs and verdicts</source>
        <translation>MÜ-Ausgaben und Urteile</translation>
    </message>
    <message>
        <location filename="../app/workspaces/outputs_panel.cpp" line="41"/>
        <source>&amp;Translate</source>
        <translation>Ü&amp;bersetzen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/outputs_panel.cpp" line="41"/>
        <source>Run the project&apos;s MT systems on the source text (Ctrl+T)</source>
        <translation>Die MÜ-Systeme des Projekts auf den Quelltext anwenden (Strg+T)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/outputs_panel.cpp" line="42"/>
        <source>Paste output...</source>
        <translation>Ausgabe einfügen...</translation>
    </message>
    <message>
        <location filename="../app/workspaces/outputs_panel.cpp" line="42"/>
        <source>Add the output of a system you ran elsewhere</source>
        <translation>Die Ausgabe eines anderswo ausgeführten Systems hinzufügen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/outputs_panel.cpp" line="43"/>
        <source>Remove output</source>
        <translation>Ausgabe entfernen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/outputs_panel.cpp" line="44"/>
        <source>&amp;Verify</source>
        <translation>&amp;Prüfen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/outputs_panel.cpp" line="44"/>
        <source>Check the reference and every output against the rules (Ctrl+Shift+V)</source>
        <translation>Referenz und jede Ausgabe gegen die Regeln prüfen (Strg+Umschalt+V)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/outputs_panel.cpp" line="46"/>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/outputs_panel.cpp" line="48"/>
        <source>MT systems &amp;&amp; verifiers...</source>
        <translation>MÜ-Systeme &amp;&amp; Prüfer...</translation>
    </message>
    <message>
        <location filename="../app/workspaces/outputs_panel_runs.cpp" line="29"/>
        <source>The project has no MT systems to run. Add Apertium pairs or a chat endpoint under &apos;MT systems &amp; verifiers...&apos;.</source>
        <translation>Das Projekt hat keine MÜ-Systeme. Apertium-Paare oder einen Chat-Endpunkt unter &apos;MÜ-Systeme &amp; Prüfer...&apos; hinzufügen.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/outputs_panel_runs.cpp" line="46"/>
        <source>Translating: %1 of %2</source>
        <translation>Übersetzung: %1 von %2</translation>
    </message>
    <message>
        <location filename="../app/workspaces/outputs_panel_runs.cpp" line="75"/>
        <source>Some systems failed (the others&apos; outputs are stored):
%1</source>
        <translation>Einige Systeme sind fehlgeschlagen (die Ausgaben der anderen sind gespeichert):
%1</translation>
    </message>
    <message>
        <location filename="../app/workspaces/outputs_panel_runs.cpp" line="77"/>
        <source>Translation cancelled; finished outputs are kept.</source>
        <translation>Übersetzung abgebrochen; fertige Ausgaben bleiben erhalten.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/outputs_panel_runs.cpp" line="77"/>
        <source>Translated.</source>
        <translation>Übersetzt.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/outputs_panel_runs.cpp" line="112"/>
        <source>Verifying: %1 of %2</source>
        <translation>Prüfung: %1 von %2</translation>
    </message>
    <message>
        <location filename="../app/workspaces/outputs_panel_runs.cpp" line="132"/>
        <source>Verified: %1 new verdicts, %2 reused.</source>
        <translation>Geprüft: %1 neue Urteile, %2 wiederverwendet.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/outputs_panel_runs.cpp" line="134"/>
        <source>Verified with problems (those verdicts stay unknown):
%1</source>
        <translation>Mit Problemen geprüft (diese Urteile bleiben unbekannt):
%1</translation>
    </message>
    <message>
        <location filename="../app/workspaces/outputs_panel.cpp" line="165"/>
        <location filename="../app/workspaces/outputs_panel.cpp" line="169"/>
        <source>Paste output</source>
        <translation>Ausgabe einfügen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/outputs_panel.cpp" line="165"/>
        <source>MT system (e.g. the service you used):</source>
        <translation>MÜ-System (z. B. der verwendete Dienst):</translation>
    </message>
    <message>
        <location filename="../app/workspaces/outputs_panel.cpp" line="169"/>
        <source>Its translation of the source text:</source>
        <translation>Seine Übersetzung des Quelltexts:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/outputs_panel.cpp" line="186"/>
        <source>Select an MT output row in the table first.</source>
        <translation>Zuerst eine Zeile mit einer MÜ-Ausgabe in der Tabelle auswählen.</translation>
    </message>
</context>
<context>
    <name>gauntlet::ProportionScatterChart</name>
    <message>
        <location filename="../widgets/coverage_scatter_chart.cpp" line="107"/>
        <source>undefined</source>
        <translation>undefiniert</translation>
    </message>
    <message>
        <location filename="../widgets/coverage_scatter_chart.cpp" line="108"/>
        <source>Category proportions: %1 vs corpus (Pearson r = %2)</source>
        <translation>Kategorienanteile: %1 gegenüber dem Korpus (Pearson r = %2)</translation>
    </message>
    <message>
        <location filename="../widgets/coverage_scatter_chart.cpp" line="109"/>
        <source>corpus share</source>
        <translation>Anteil im Korpus</translation>
    </message>
    <message>
        <location filename="../widgets/coverage_scatter_chart.cpp" line="109"/>
        <source>sample share</source>
        <translation>Anteil in der Stichprobe</translation>
    </message>
    <message>
        <location filename="../widgets/coverage_scatter_chart.cpp" line="109"/>
        <source>category</source>
        <translation>Kategorie</translation>
    </message>
    <message>
        <location filename="../widgets/coverage_scatter_chart.cpp" line="113"/>
        <source>taxonomy category (hover for its name)</source>
        <translation>Taxonomie-Kategorie (Name beim Darüberfahren)</translation>
    </message>
    <message>
        <location filename="../widgets/coverage_scatter_chart.cpp" line="125"/>
        <source>sample = corpus</source>
        <translation>Stichprobe = Korpus</translation>
    </message>
    <message>
        <location filename="../widgets/coverage_scatter_chart.cpp" line="136"/>
        <source>share of the corpus&apos; category labels</source>
        <translation>Anteil an den Kategorie-Labels des Korpus</translation>
    </message>
    <message>
        <location filename="../widgets/coverage_scatter_chart.cpp" line="140"/>
        <source>share of the sample&apos;s category labels</source>
        <translation>Anteil an den Kategorie-Labels der Stichprobe</translation>
    </message>
    <message>
        <location filename="../widgets/coverage_scatter_chart.cpp" line="173"/>
        <source>%1
corpus %2, sample %3</source>
        <translation>%1
Korpus %2, Stichprobe %3</translation>
    </message>
</context>
<context>
    <name>gauntlet::ResultsPage</name>
    <message>
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="56"/>
        <source>Two stages: rank, mean, interval, ratings, p-value and span counts use stage 1 (rules hidden); stage 2 enters only the stage 2 shift. Alpha is given pooled and per stage.</source>
        <translation>Zwei Stufen: Rang, Mittel, Intervall, Bewertungen, p-Wert und Fehlerzahlen stammen aus Stufe 1 (Regeln verborgen); Stufe 2 geht nur in die Verschiebung in Stufe 2 ein. Alpha steht zusammen und je Stufe da.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="95"/>
        <source> (stage 1)</source>
        <translation> (Stufe 1)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="97"/>
        <source>[missing]</source>
        <translation>[missing]</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="40"/>
        <source>[missing] marks (omissions) of either severity (stage 1); not counted in Minor or Major</source>
        <translation>[missing]-Markierungen (Auslassungen) jeder Schwere (Stufe 1); nicht in Leicht oder Schwer gezählt</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="177"/>
        <source>score</source>
        <translation>Bewertung</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="195"/>
        <source>Krippendorff&apos;s alpha, both stages pooled, interval: %1; relative (z-normalised): %2; pairable units: %3</source>
        <translation>Krippendorffs Alpha, beide Stufen zusammen, Intervall: %1; relativ (z-normalisiert): %2; paarbare Einheiten: %3</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="199"/>
        <source>Stage 1 (rules hidden): interval %1; relative %2; pairable units: %3</source>
        <translation>Stufe 1 (Regeln verborgen): Intervall %1; relativ %2; paarbare Einheiten: %3</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="200"/>
        <source>Stage 2 (rules shown): interval %1; relative %2; pairable units: %3</source>
        <translation>Stufe 2 (Regeln gezeigt): Intervall %1; relativ %2; paarbare Einheiten: %3</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="96"/>
        <source>Rank</source>
        <translation>Rang</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="96"/>
        <source>System</source>
        <translation>System</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="96"/>
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="156"/>
        <source>Mean</source>
        <translation>Mittel</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="96"/>
        <source>95% interval</source>
        <translation>95-%-Intervall</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="96"/>
        <source>Ratings</source>
        <translation>Bewertungen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="96"/>
        <source>p vs next</source>
        <translation>p zum nächsten</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="97"/>
        <source>Minor</source>
        <translation>Leicht</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="97"/>
        <source>Major</source>
        <translation>Schwer</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="97"/>
        <source>Stage 2 shift</source>
        <translation>Änderung Stufe 2</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="97"/>
        <source>Verifier pass %</source>
        <translation>Prüfer bestanden %</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="97"/>
        <source>chrF</source>
        <translation>chrF</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="98"/>
        <source>D</source>
        <translation>D</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="35"/>
        <source>1 = best, by mean score (stage 1 in a two-stage campaign)</source>
        <translation>1 = am besten, nach mittlerer Bewertung (Stufe 1 in einer zweistufigen Kampagne)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="36"/>
        <source>Mean of per-item mean scores, 0-100 (stage 1, rules hidden, in a two-stage campaign)</source>
        <translation>Mittel der Mittelwerte je Eintrag, 0-100 (Stufe 1, Regeln verborgen, in einer zweistufigen Kampagne)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="37"/>
        <source>95% bootstrap interval of the mean (1000 resamples of items)</source>
        <translation>95-%-Bootstrap-Intervall des Mittels (1000 Stichproben der Einträge)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="37"/>
        <source>Scores given in stage 1</source>
        <translation>In Stufe 1 vergebene Bewertungen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="38"/>
        <source>Paired bootstrap p-value against the next system down</source>
        <translation>Gepaarter Bootstrap-p-Wert gegen das nächstniedrigere System</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="38"/>
        <source>Minor error spans on the text (stage 1)</source>
        <translation>Leichte Fehlerstellen im Text (Stufe 1)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="39"/>
        <source>Major error spans on the text (stage 1)</source>
        <translation>Schwere Fehlerstellen im Text (Stufe 1)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="41"/>
        <source>Two-stage cESA: mean change once the rules were shown</source>
        <translation>Zweistufiges cESA: mittlere Änderung, nachdem die Regeln gezeigt wurden</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="42"/>
        <source>Share of the system&apos;s outputs that pass every verification rule (stored verdicts)</source>
        <translation>Anteil der Ausgaben des Systems, die jede Prüfregel erfüllen (gespeicherte Urteile)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="43"/>
        <source>chrF2 of the system&apos;s translations against the references (sacrebleu defaults)</source>
        <translation>chrF2 der Übersetzungen des Systems gegen die Referenzen (sacrebleu-Voreinstellungen)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="44"/>
        <source>Mean difficulty D (Sentinel-src) the project&apos;s augmentation runs stored for the system&apos;s texts; higher = easier</source>
        <translation>Mittlere Schwierigkeit D (Sentinel-src), die die Erweiterungsläufe des Projekts für die Texte des Systems gespeichert haben; höher = leichter</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="74"/>
        <source>Refresh</source>
        <translation>Aktualisieren</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="75"/>
        <source>Export JSONL...</source>
        <translation>JSONL exportieren...</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="76"/>
        <source>Export CSV...</source>
        <translation>CSV exportieren...</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="77"/>
        <source>Export Package for Annotator...</source>
        <translation>Paket für Annotator exportieren...</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="78"/>
        <source>Import Result File...</source>
        <translation>Ergebnisdatei importieren...</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="127"/>
        <source>verifier pass rate (%n examples)</source>
        <translation>
            <numerusform>Prüfer-Bestehensquote (%n Beispiel)</numerusform>
            <numerusform>Prüfer-Bestehensquote (%n Beispiele)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="129"/>
        <source>difficulty D of augmentation runs (%n texts)</source>
        <translation>
            <numerusform>Schwierigkeit D der Erweiterungsläufe (%n Text)</numerusform>
            <numerusform>Schwierigkeit D der Erweiterungsläufe (%n Texte)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="131"/>
        <source>chrF against the references</source>
        <translation>chrF gegen die Referenzen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="156"/>
        <source>Stage 1 mean</source>
        <translation>Mittel Stufe 1</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="157"/>
        <source>Stage 2 mean (paired shift)</source>
        <translation>Mittel Stufe 2 (gepaarte Änderung)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="182"/>
        <source>Mean score per system</source>
        <translation>Mittlere Bewertung je System</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="191"/>
        <source>Agreement between annotators</source>
        <translation>Übereinstimmung der Annotatoren</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="193"/>
        <source>Krippendorff&apos;s alpha: not yet defined (no item was rated by two annotators).</source>
        <translation>Krippendorffs Alpha: noch nicht bestimmt (kein Eintrag wurde von zwei Annotatoren bewertet).</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="196"/>
        <source>Krippendorff&apos;s alpha, interval: %1; relative (z-normalised): %2; pairable units: %3</source>
        <translation>Krippendorffs Alpha, Intervall: %1; relativ (z-normalisiert): %2; paarbare Einheiten: %3</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="203"/>
        <source>; ordinal (Likert): %1</source>
        <translation>; ordinal (Likert): %1</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="207"/>
        <source>Human ranking vs automatic rankings (Kendall tau-b)</source>
        <translation>Menschliche Rangfolge und automatische Rangfolgen (Kendall tau-b)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="209"/>
        <source>No automatic ranking for these items (no verdicts, no references, no stored difficulty).</source>
        <translation>Keine automatische Rangfolge für diese Einträge (keine Urteile, keine Referenzen, keine gespeicherte Schwierigkeit).</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="211"/>
        <source>%1: tau-b %2 (p = %3, %4 systems)</source>
        <translation>%1: tau-b %2 (p = %3, %4 Systeme)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="214"/>
        <source>%1: undefined (%2 systems, or a constant ranking)</source>
        <translation>%1: nicht bestimmt (%2 Systeme oder eine konstante Rangfolge)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="215"/>
        <source>Annotators</source>
        <translation>Annotatoren</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="217"/>
        <source>%1: attention checks passed %2 of %3; bad references scored lower: p = %4</source>
        <translation>%1: Aufmerksamkeitsprüfungen bestanden %2 von %3; schlechte Referenzen niedriger bewertet: p = %4</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="60"/>
        <source>Span agreement (per annotator pair and stage)</source>
        <translation>Übereinstimmung der Fehlerspannen (je Annotatorenpaar und Stufe)</translation>
    </message>
</context>
<context>
    <name>gauntlet::ReviewPanel</name>
    <message>
        <location filename="../app/workspaces/review_panel.cpp" line="45"/>
        <source>&amp;Accept</source>
        <translation>&amp;Annehmen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/review_panel.cpp" line="46"/>
        <source>&amp;Return with comment</source>
        <translation>Mit Kommentar &amp;zurückgeben</translation>
    </message>
    <message>
        <location filename="../app/workspaces/review_panel.cpp" line="46"/>
        <source>C&amp;omment</source>
        <translation>K&amp;ommentieren</translation>
    </message>
    <message>
        <location filename="../app/workspaces/review_panel.cpp" line="47"/>
        <source>Export accepted...</source>
        <translation>Angenommene exportieren...</translation>
    </message>
    <message>
        <location filename="../app/workspaces/review_panel.cpp" line="47"/>
        <source>Import LTB release...</source>
        <translation>LTB-Release importieren...</translation>
    </message>
    <message>
        <location filename="../app/workspaces/review_panel.cpp" line="52"/>
        <source>Waiting for review</source>
        <translation>Warten auf Prüfung</translation>
    </message>
    <message>
        <location filename="../app/workspaces/review_panel.cpp" line="53"/>
        <source>Accepted</source>
        <translation>Angenommen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/review_panel.cpp" line="54"/>
        <source>Returned</source>
        <translation>Zurückgegeben</translation>
    </message>
    <message>
        <location filename="../app/workspaces/review_panel.cpp" line="55"/>
        <source>All examples</source>
        <translation>Alle Beispiele</translation>
    </message>
    <message>
        <location filename="../app/workspaces/review_panel.cpp" line="96"/>
        <source>Comment for the contributor (required when returning)</source>
        <translation>Kommentar für den Beitragenden (beim Zurückgeben erforderlich)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/review_panel.cpp" line="142"/>
        <source>Export accepted examples</source>
        <translation>Angenommene Beispiele exportieren</translation>
    </message>
    <message>
        <location filename="../app/workspaces/review_panel.cpp" line="143"/>
        <source>LTB release (*.json)</source>
        <translation>LTB-Release (*.json)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/review_panel.cpp" line="148"/>
        <source>Import LTB release</source>
        <translation>LTB-Release importieren</translation>
    </message>
    <message>
        <location filename="../app/workspaces/review_panel.cpp" line="148"/>
        <source>LTB release (*.json);;All files (*)</source>
        <translation>LTB-Release (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/review_panel.cpp" line="189"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location filename="../app/workspaces/review_panel.cpp" line="189"/>
        <source>(no name)</source>
        <translation>(ohne Namen)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/review_panel.cpp" line="194"/>
        <source>No accepted examples yet.</source>
        <translation>Noch keine angenommenen Beispiele.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/review_panel.cpp" line="195"/>
        <source>Accepted per contributor (LTB co-authorship after 10): %1</source>
        <translation>Angenommen je Beitragendem (LTB-Mitautorschaft ab 10): %1</translation>
    </message>
    <message>
        <location filename="../app/workspaces/review_panel.cpp" line="215"/>
        <source>&lt;p&gt;Select an example in the queue.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Ein Beispiel in der Warteschlange auswählen.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../app/workspaces/review_panel.cpp" line="228"/>
        <source>Example %1 by %2: %3 → %4 (%5)</source>
        <translation>Beispiel %1 von %2: %3 → %4 (%5)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/review_panel.cpp" line="232"/>
        <source>Source text</source>
        <translation>Quelltext</translation>
    </message>
    <message>
        <location filename="../app/workspaces/review_panel.cpp" line="233"/>
        <source>Instructions</source>
        <translation>Anweisungen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/review_panel.cpp" line="234"/>
        <source>Context</source>
        <translation>Kontext</translation>
    </message>
    <message>
        <location filename="../app/workspaces/review_panel.cpp" line="235"/>
        <source>Reference</source>
        <translation>Referenz</translation>
    </message>
    <message>
        <location filename="../app/workspaces/review_panel.cpp" line="236"/>
        <source>Attribution</source>
        <translation>Quellenangabe</translation>
    </message>
    <message>
        <location filename="../app/workspaces/review_panel.cpp" line="237"/>
        <source>Linguistic tags</source>
        <translation>Linguistische Schlagwörter</translation>
    </message>
    <message>
        <location filename="../app/workspaces/review_panel.cpp" line="238"/>
        <source>Tags</source>
        <translation>Schlagwörter</translation>
    </message>
    <message>
        <location filename="../app/workspaces/review_panel.cpp" line="250"/>
        <source> — tests nothing</source>
        <translation> — prüft nichts</translation>
    </message>
    <message>
        <location filename="../app/workspaces/review_panel.cpp" line="258"/>
        <source>Verification rules</source>
        <translation>Prüfregeln</translation>
    </message>
    <message>
        <location filename="../app/workspaces/review_panel.cpp" line="266"/>
        <source>Acceptance gate:</source>
        <translation>Aufnahmekriterium:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/review_panel.cpp" line="269"/>
        <source>Verifier agreement:</source>
        <translation>Übereinstimmung der Prüfer:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/review_panel.cpp" line="270"/>
        <source>%1 of %2 (rule, translation) pairs unanimous%3</source>
        <translation>%1 von %2 Paaren (Regel, Übersetzung) einstimmig%3</translation>
    </message>
    <message>
        <location filename="../app/workspaces/review_panel.cpp" line="273"/>
        <source>, Krippendorff&apos;s alpha %1</source>
        <translation>, Krippendorffs Alpha %1</translation>
    </message>
    <message>
        <location filename="../app/workspaces/review_panel.cpp" line="278"/>
        <source>commented</source>
        <translation>kommentiert</translation>
    </message>
    <message>
        <location filename="../app/workspaces/review_panel.cpp" line="280"/>
        <source>created it</source>
        <translation>angelegt</translation>
    </message>
    <message>
        <location filename="../app/workspaces/review_panel.cpp" line="282"/>
        <source>changed the rules</source>
        <translation>hat die Regeln geändert</translation>
    </message>
    <message>
        <location filename="../app/workspaces/review_panel.cpp" line="284"/>
        <source>removed a verdict set by hand (%1)</source>
        <translation>hat ein von Hand gesetztes Urteil entfernt (%1)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/review_panel.cpp" line="285"/>
        <source>set a verdict by hand (%1)</source>
        <translation>hat ein Urteil von Hand gesetzt (%1)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/review_panel.cpp" line="287"/>
        <source>set it to %1</source>
        <translation>auf %1 gesetzt</translation>
    </message>
    <message>
        <location filename="../app/workspaces/review_panel.cpp" line="292"/>
        <source>History and comments</source>
        <translation>Verlauf und Kommentare</translation>
    </message>
    <message>
        <location filename="../app/workspaces/review_panel.cpp" line="321"/>
        <location filename="../app/workspaces/review_panel.cpp" line="328"/>
        <location filename="../app/workspaces/review_panel.cpp" line="337"/>
        <source>Select an example first.</source>
        <translation>Zuerst ein Beispiel auswählen.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/review_panel.cpp" line="330"/>
        <source>Write a comment saying what the contributor should fix.</source>
        <translation>Einen Kommentar schreiben, was der Beitragende beheben soll.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/review_panel.cpp" line="362"/>
        <location filename="../app/workspaces/review_panel.cpp" line="381"/>
        <source>Open a project first.</source>
        <translation>Zuerst ein Projekt öffnen.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/review_panel.cpp" line="370"/>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <location filename="../app/workspaces/review_panel.cpp" line="371"/>
        <source>Exported %1 accepted examples to %2</source>
        <translation>%1 angenommene Beispiele nach %2 exportiert</translation>
    </message>
    <message>
        <location filename="../app/workspaces/review_panel.cpp" line="384"/>
        <source>Cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/workspaces/review_panel.cpp" line="389"/>
        <source>Imported %n example(s) from %1</source>
        <translation>
            <numerusform>%n Beispiel aus %1 importiert</numerusform>
            <numerusform>%n Beispiele aus %1 importiert</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/workspaces/review_panel.cpp" line="391"/>
        <source>%n example(s) already in the project were skipped.</source>
        <translation>
            <numerusform>%n Beispiel war schon im Projekt und wurde übersprungen.</numerusform>
            <numerusform>%n Beispiele waren schon im Projekt und wurden übersprungen.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/workspaces/review_panel.cpp" line="112"/>
        <source>Verdicts</source>
        <translation>Urteile</translation>
    </message>
    <message>
        <location filename="../app/workspaces/review_panel.cpp" line="113"/>
        <source>Verifier agreement</source>
        <translation>Übereinstimmung der Prüfer</translation>
    </message>
    <message>
        <location filename="../app/workspaces/review_panel.cpp" line="253"/>
        <source>Rule form: %1 realistic, %2 too strict, %3 not sure</source>
        <translation>Regelformular: %1 realistisch, %2 zu streng, %3 unsicher</translation>
    </message>
    <message>
        <location filename="../app/workspaces/review_panel.cpp" line="261"/>
        <source>Rule form: could an incorrect translation pass all rules? %1 yes, %2 no (campaigns: %3)</source>
        <translation>Regelformular: Könnte eine falsche Übersetzung alle Regeln erfüllen? %1 ja, %2 nein (Kampagnen: %3)</translation>
    </message>
</context>
<context>
    <name>gauntlet::RuleTableModel</name>
    <message>
        <location filename="../models/rule_table_model.cpp" line="220"/>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <location filename="../models/rule_table_model.cpp" line="220"/>
        <source>Rule</source>
        <translation>Regel</translation>
    </message>
    <message>
        <location filename="../models/rule_table_model.cpp" line="220"/>
        <source>Match case</source>
        <translation>Groß-/Kleinschreibung</translation>
    </message>
    <message>
        <location filename="../models/rule_table_model.cpp" line="220"/>
        <source>Normalisation</source>
        <translation>Normalisierung</translation>
    </message>
    <message>
        <location filename="../models/rule_table_model.cpp" line="46"/>
        <source>Natural language (LLM)</source>
        <translation>Natürliche Sprache (LLM)</translation>
    </message>
    <message>
        <location filename="../models/rule_table_model.cpp" line="47"/>
        <source>Contains</source>
        <translation>Enthält</translation>
    </message>
    <message>
        <location filename="../models/rule_table_model.cpp" line="48"/>
        <source>Does not contain</source>
        <translation>Enthält nicht</translation>
    </message>
    <message>
        <location filename="../models/rule_table_model.cpp" line="49"/>
        <source>Regular expression</source>
        <translation>Regulärer Ausdruck</translation>
    </message>
    <message>
        <location filename="../models/rule_table_model.cpp" line="54"/>
        <source>NFC</source>
        <translation>NFC</translation>
    </message>
    <message>
        <location filename="../models/rule_table_model.cpp" line="54"/>
        <source>NFKC</source>
        <translation>NFKC</translation>
    </message>
    <message>
        <location filename="../models/rule_table_model.cpp" line="54"/>
        <source>None</source>
        <translation>Keine</translation>
    </message>
    <message>
        <location filename="../models/rule_table_model.cpp" line="118"/>
        <source>Rule %1: %2</source>
        <translation>Regel %1: %2</translation>
    </message>
    <message>
        <location filename="../models/rule_table_model.cpp" line="123"/>
        <source>at most %1 rules</source>
        <translation>höchstens %1 Regeln</translation>
    </message>
</context>
<context>
    <name>gauntlet::RulesEditor</name>
    <message>
        <location filename="../app/workspaces/rules_editor.cpp" line="36"/>
        <source>Verification rules</source>
        <translation>Prüfregeln</translation>
    </message>
    <message>
        <location filename="../app/workspaces/rules_editor.cpp" line="40"/>
        <source>One conceptual issue per rule. Natural-language rules go to the LLM verifiers; string rules are checked here (contains, does not contain, regular expression).</source>
        <translation>Ein inhaltlicher Punkt je Regel. Regeln in natürlicher Sprache gehen an die LLM-Prüfer; Zeichenkettenregeln werden hier geprüft (enthält, enthält nicht, regulärer Ausdruck).</translation>
    </message>
    <message>
        <location filename="../app/workspaces/rules_editor.cpp" line="64"/>
        <source>Add rule</source>
        <translation>Regel hinzufügen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/rules_editor.cpp" line="66"/>
        <source>Remove rule</source>
        <translation>Regel entfernen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/rules_editor.cpp" line="69"/>
        <source>Undo remove</source>
        <translation>Entfernen rückgängig</translation>
    </message>
    <message>
        <location filename="../app/workspaces/rules_editor.cpp" line="71"/>
        <source>Bring back the last removed rule (Ctrl+Z in the rules table)</source>
        <translation>Die zuletzt entfernte Regel zurückholen (Strg+Z in der Regeltabelle)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/rules_editor.cpp" line="165"/>
        <source>%1 / %2 rules</source>
        <translation>%1 / %2 Regeln</translation>
    </message>
    <message>
        <location filename="../app/workspaces/rules_editor.cpp" line="68"/>
        <source>Remove the selected rule (Delete in the rules table)</source>
        <translation>Die ausgewählte Regel entfernen (Entf in der Regeltabelle)</translation>
    </message>
</context>
<context>
    <name>gauntlet::RunHistoryModel</name>
    <message>
        <location filename="../models/run_history_model.cpp" line="180"/>
        <source>Challenge examples made from this run (double-click to open the first in Contribute)</source>
        <translation>Aus diesem Lauf erstellte Challenge-Beispiele (Doppelklick öffnet das erste in „Beitragen“)</translation>
    </message>
    <message>
        <location filename="../models/run_history_model.cpp" line="236"/>
        <source>Examples</source>
        <translation>Beispiele</translation>
    </message>
    <message>
        <location filename="../models/run_history_model.cpp" line="242"/>
        <source>queued</source>
        <translation>wartet</translation>
    </message>
    <message>
        <location filename="../models/run_history_model.cpp" line="246"/>
        <source>interrupted</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <location filename="../models/run_history_model.cpp" line="242"/>
        <source>finished</source>
        <translation>fertig</translation>
    </message>
    <message>
        <location filename="../models/run_history_model.cpp" line="244"/>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <location filename="../models/run_history_model.cpp" line="246"/>
        <source>stopped</source>
        <translation>angehalten</translation>
    </message>
    <message>
        <location filename="../models/run_history_model.cpp" line="248"/>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <location filename="../models/run_history_model.cpp" line="181"/>
        <source>Run %1, %2
Seed: %3</source>
        <translation>Lauf %1, %2
Ausgangstext: %3</translation>
    </message>
    <message>
        <location filename="../models/run_history_model.cpp" line="183"/>
        <source>
Output (%1): %2</source>
        <translation>
Ausgabe (%1): %2</translation>
    </message>
    <message>
        <location filename="../models/run_history_model.cpp" line="185"/>
        <source>
Error: %1</source>
        <translation>
Fehler: %1</translation>
    </message>
    <message>
        <location filename="../models/run_history_model.cpp" line="186"/>
        <source>
Config: %1</source>
        <translation>
Konfiguration: %1</translation>
    </message>
    <message>
        <location filename="../models/run_history_model.cpp" line="226"/>
        <source>The settings whose values differ between the runs listed</source>
        <translation>Die Einstellungen, deren Werte sich zwischen den aufgeführten Läufen unterscheiden</translation>
    </message>
    <message>
        <location filename="../models/run_history_model.cpp" line="227"/>
        <source>Your tags, comma-separated (double-click or F2 to edit)</source>
        <translation>Ihre Schlagwörter, durch Kommas getrennt (Doppelklick oder F2 zum Bearbeiten)</translation>
    </message>
    <message>
        <location filename="../models/run_history_model.cpp" line="228"/>
        <source>Your note on the run (double-click or F2 to edit)</source>
        <translation>Ihre Notiz zum Lauf (Doppelklick oder F2 zum Bearbeiten)</translation>
    </message>
    <message>
        <location filename="../models/run_history_model.cpp" line="234"/>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <location filename="../models/run_history_model.cpp" line="234"/>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <location filename="../models/run_history_model.cpp" line="234"/>
        <source>Method</source>
        <translation>Methode</translation>
    </message>
    <message>
        <location filename="../models/run_history_model.cpp" line="234"/>
        <source>Seed</source>
        <translation>Ausgangstext</translation>
    </message>
    <message>
        <location filename="../models/run_history_model.cpp" line="234"/>
        <source>Output</source>
        <translation>Ausgabe</translation>
    </message>
    <message>
        <location filename="../models/run_history_model.cpp" line="235"/>
        <source>Steps</source>
        <translation>Schritte</translation>
    </message>
    <message>
        <location filename="../models/run_history_model.cpp" line="235"/>
        <source>Best L</source>
        <translation>Bestes L</translation>
    </message>
    <message>
        <location filename="../models/run_history_model.cpp" line="234"/>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <location filename="../models/run_history_model.cpp" line="235"/>
        <source>Judges (output)</source>
        <translation>Prüfer (Ausgabe)</translation>
    </message>
    <message>
        <location filename="../models/run_history_model.cpp" line="235"/>
        <source>Tags</source>
        <translation>Schlagwörter</translation>
    </message>
    <message>
        <location filename="../models/run_history_model.cpp" line="235"/>
        <source>Note</source>
        <translation>Notiz</translation>
    </message>
    <message>
        <location filename="../models/run_history_model.cpp" line="234"/>
        <source>D seed → output</source>
        <translation>D Ausgangstext → Ausgabe</translation>
    </message>
    <message>
        <location filename="../models/run_history_model.cpp" line="235"/>
        <source>Started</source>
        <translation>Gestartet</translation>
    </message>
    <message>
        <location filename="../models/run_history_model.cpp" line="235"/>
        <source>Finished</source>
        <translation>Beendet</translation>
    </message>
    <message>
        <location filename="../models/run_history_model.cpp" line="256"/>
        <source>ATO-Direct</source>
        <translation>ATO-Direct</translation>
    </message>
    <message>
        <location filename="../models/run_history_model.cpp" line="257"/>
        <source>ATO-TwoPhase</source>
        <translation>ATO-TwoPhase</translation>
    </message>
    <message>
        <location filename="../models/run_history_model.cpp" line="258"/>
        <source>random words</source>
        <translation>zufällige Wörter</translation>
    </message>
    <message>
        <location filename="../models/run_history_model.cpp" line="259"/>
        <source>random words (common)</source>
        <translation>zufällige Wörter (häufige)</translation>
    </message>
    <message>
        <location filename="../models/run_history_model.cpp" line="260"/>
        <source>random words (rare)</source>
        <translation>zufällige Wörter (seltene)</translation>
    </message>
    <message>
        <location filename="../models/run_history_model.cpp" line="261"/>
        <source>random subwords</source>
        <translation>zufällige Teilwörter</translation>
    </message>
</context>
<context>
    <name>gauntlet::RunMtPanel</name>
    <message>
        <location filename="../app/workspaces/run_mt_panel.cpp" line="51"/>
        <source>Translate</source>
        <translation>Übersetzen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/run_mt_panel.cpp" line="52"/>
        <source>Translate the seed, the best text of each step and the output with the MT systems checked under Systems (Ctrl+T)</source>
        <translation>Ausgangstext, besten Text jedes Schritts und Ausgabe mit den unter „Systeme“ angehakten MÜ-Systemen übersetzen (Strg+T)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/run_mt_panel.cpp" line="53"/>
        <source>Systems</source>
        <translation>Systeme</translation>
    </message>
    <message>
        <location filename="../app/workspaces/run_mt_panel.cpp" line="55"/>
        <source>The project&apos;s MT systems to translate with: Apertium by default; chat endpoints spend requests from the run&apos;s budget; manual systems have nothing to compute</source>
        <translation>Die MÜ-Systeme des Projekts, mit denen übersetzt wird: standardmäßig Apertium; Chat-Endpunkte verbrauchen Anfragen aus dem Budget des Laufs; manuelle Systeme haben nichts zu berechnen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/run_mt_panel.cpp" line="59"/>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/run_mt_panel.cpp" line="60"/>
        <source>Stop translating; finished translations stay stored</source>
        <translation>Übersetzen anhalten; fertige Übersetzungen bleiben gespeichert</translation>
    </message>
    <message>
        <location filename="../app/workspaces/run_mt_panel.cpp" line="70"/>
        <location filename="../app/workspaces/run_mt_panel.cpp" line="103"/>
        <source>Create Example</source>
        <translation>Beispiel erstellen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/run_mt_panel.cpp" line="71"/>
        <source>A draft example in Contribute from the run&apos;s output (the best text so far while it runs), with its translations as MT outputs (Ctrl+E)</source>
        <translation>Ein Beispielentwurf in „Beitragen“ aus der Ausgabe des Laufs (solange er läuft: aus dem bisher besten Text), mit seinen Übersetzungen als MÜ-Ausgaben (Strg+E)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/run_mt_panel.cpp" line="102"/>
        <source>Translate Best Path</source>
        <translation>Besten Weg übersetzen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/run_mt_panel.cpp" line="106"/>
        <source>Translate Candidate</source>
        <translation>Kandidaten übersetzen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/run_mt_panel.cpp" line="108"/>
        <source>Create Example from Candidate</source>
        <translation>Beispiel aus Kandidat erstellen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/run_mt_panel.cpp" line="218"/>
        <source>%1 (endpoint: %2 of %3 requests of this run&apos;s budget left)</source>
        <translation>%1 (Endpunkt: %2 von %3 Anfragen im Budget dieses Laufs übrig)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/run_mt_panel.cpp" line="219"/>
        <source>%1 (Apertium, offline)</source>
        <translation>%1 (Apertium, offline)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/run_mt_panel.cpp" line="226"/>
        <source>No Apertium or endpoint systems: add them in Contribute under &apos;MT systems &amp;&amp; verifiers...&apos;</source>
        <translation>Keine Apertium- oder Endpunkt-Systeme: in „Beitragen“ unter „MÜ-Systeme &amp;&amp; Prüfer...“ hinzufügen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/run_mt_panel.cpp" line="242"/>
        <source>There is no best path to translate yet: start a run or select one in History.</source>
        <translation>Noch kein bester Weg zum Übersetzen: einen Lauf starten oder unter „Verlauf“ auswählen.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/run_mt_panel.cpp" line="263"/>
        <source>Select one or more candidates in the archive first.</source>
        <translation>Zuerst einen oder mehrere Kandidaten im Archiv auswählen.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/run_mt_panel_runs.cpp" line="26"/>
        <source>There is no stored run to translate: open a project and start or select a run.</source>
        <translation>Kein gespeicherter Lauf zum Übersetzen: ein Projekt öffnen und einen Lauf starten oder auswählen.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/run_mt_panel_runs.cpp" line="30"/>
        <location filename="../app/workspaces/run_mt_panel_runs.cpp" line="128"/>
        <source>A translation is still running: wait for it or press Cancel.</source>
        <translation>Eine Übersetzung läuft noch: warten oder „Abbrechen“ drücken.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/run_mt_panel_runs.cpp" line="36"/>
        <source>No MT system is checked under Systems. Add an Apertium pair or an endpoint in Contribute under &apos;MT systems &amp; verifiers...&apos;</source>
        <translation>Unter „Systeme“ ist kein MÜ-System angehakt. Ein Apertium-Paar oder einen Endpunkt in „Beitragen“ unter „MÜ-Systeme &amp; Prüfer...“ hinzufügen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/run_mt_panel.cpp" line="65"/>
        <location filename="../app/workspaces/run_mt_panel.cpp" line="113"/>
        <source>Translating: %1 of %2</source>
        <translation>Übersetze: %1 von %2</translation>
    </message>
    <message>
        <location filename="../app/workspaces/run_mt_panel_runs.cpp" line="45"/>
        <source>Translating...</source>
        <translation>Übersetze...</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/workspaces/run_mt_panel_runs.cpp" line="47"/>
        <source>Translating %n text(s) with %1...</source>
        <translation>
            <numerusform>Übersetze %n Text mit %1...</numerusform>
            <numerusform>Übersetze %n Texte mit %1...</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/workspaces/run_mt_panel_runs.cpp" line="73"/>
        <source>Cancelled: %1 translated, %2 already stored; finished translations are kept.</source>
        <translation>Abgebrochen: %1 übersetzt, %2 schon gespeichert; fertige Übersetzungen bleiben erhalten.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/run_mt_panel_runs.cpp" line="74"/>
        <source>%1 translated, %2 already stored.</source>
        <translation>%1 übersetzt, %2 schon gespeichert.</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/workspaces/run_mt_panel_runs.cpp" line="77"/>
        <source>%n refused: the run&apos;s budget of endpoint requests is spent.</source>
        <translation>
            <numerusform>%n abgelehnt: das Budget des Laufs für Endpunkt-Anfragen ist aufgebraucht.</numerusform>
            <numerusform>%n abgelehnt: das Budget des Laufs für Endpunkt-Anfragen ist aufgebraucht.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/workspaces/run_mt_panel_runs.cpp" line="79"/>
        <source>%n failed.</source>
        <translation>
            <numerusform>%n fehlgeschlagen.</numerusform>
            <numerusform>%n fehlgeschlagen.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/workspaces/run_mt_panel_runs.cpp" line="87"/>
        <source>1 unknown word</source>
        <translation>1 unbekanntes Wort</translation>
    </message>
    <message>
        <location filename="../app/workspaces/run_mt_panel_runs.cpp" line="87"/>
        <source>%1 unknown words</source>
        <translation>%1 unbekannte Wörter</translation>
    </message>
    <message>
        <location filename="../app/workspaces/run_mt_panel_runs.cpp" line="91"/>
        <source>Translation failed: %1</source>
        <translation>Übersetzung fehlgeschlagen: %1</translation>
    </message>
    <message>
        <location filename="../app/workspaces/run_mt_panel_runs.cpp" line="93"/>
        <source>Some translations were not made (the others are stored):
%1</source>
        <translation>Einige Übersetzungen wurden nicht erstellt (die anderen sind gespeichert):
%1</translation>
    </message>
    <message>
        <location filename="../app/workspaces/run_mt_panel_runs.cpp" line="105"/>
        <source>There is no run to make an example from: start a run or select one in History.</source>
        <translation>Kein Lauf, aus dem ein Beispiel entstehen kann: einen Lauf starten oder unter „Verlauf“ auswählen.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/run_mt_panel_runs.cpp" line="117"/>
        <source>Select one candidate in the archive to make an example from.</source>
        <translation>Einen Kandidaten im Archiv auswählen, aus dem das Beispiel entstehen soll.</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/workspaces/run_mt_panel_runs.cpp" line="154"/>
        <source>%1 (%2, %n MT output(s))</source>
        <translation>
            <numerusform>%1 (%2, %n MÜ-Ausgabe)</numerusform>
            <numerusform>%1 (%2, %n MÜ-Ausgaben)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/workspaces/run_mt_panel_runs.cpp" line="155"/>
        <source>Created draft example(s) %1.</source>
        <translation>Entwurfsbeispiel(e) %1 erstellt.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/run_mt_panel_runs.cpp" line="158"/>
        <source>Could not create the example: %1</source>
        <translation>Das Beispiel konnte nicht erstellt werden: %1</translation>
    </message>
</context>
<context>
    <name>gauntlet::RunOverlayDialog</name>
    <message>
        <location filename="../app/workspaces/run_table_dialogs.cpp" line="47"/>
        <source>Run %1 (%2)</source>
        <translation>Lauf %1 (%2)</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/workspaces/run_table_dialogs.cpp" line="88"/>
        <source>Objective of %n run(s)</source>
        <translation>
            <numerusform>Zielfunktion von %n Lauf</numerusform>
            <numerusform>Zielfunktion von %n Läufen</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/workspaces/run_table_dialogs.cpp" line="91"/>
        <source>Best objective L per step</source>
        <translation>Beste Zielfunktion L pro Schritt</translation>
    </message>
    <message>
        <location filename="../app/workspaces/run_table_dialogs.cpp" line="93"/>
        <source>step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <location filename="../app/workspaces/run_table_dialogs.cpp" line="95"/>
        <source>best L</source>
        <translation>bestes L</translation>
    </message>
    <message>
        <location filename="../app/workspaces/run_table_dialogs.cpp" line="96"/>
        <source>best PPL (phase 2)</source>
        <translation>beste PPL (Phase 2)</translation>
    </message>
</context>
<context>
    <name>gauntlet::RunTraceModel</name>
    <message>
        <location filename="../models/run_trace_model.cpp" line="145"/>
        <source>step %1 · phase %2</source>
        <translation>Schritt %1 · Phase %2</translation>
    </message>
</context>
<context>
    <name>gauntlet::SeedPickerDialog</name>
    <message>
        <location filename="../app/workspaces/seed_picker_dialog.cpp" line="15"/>
        <source>Start from a seed</source>
        <translation>Aus einem Ausgangstext beginnen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/seed_picker_dialog.cpp" line="19"/>
        <source>Filter the seed texts</source>
        <translation>Ausgangstexte filtern</translation>
    </message>
    <message>
        <location filename="../app/workspaces/seed_picker_dialog.cpp" line="32"/>
        <source>%1, seed %2</source>
        <translation>%1, Ausgangstext %2</translation>
    </message>
</context>
<context>
    <name>gauntlet::SeedQueueModel</name>
    <message>
        <location filename="../models/seed_queue_model.cpp" line="67"/>
        <source>skipped</source>
        <translation>übersprungen</translation>
    </message>
    <message>
        <location filename="../models/seed_queue_model.cpp" line="61"/>
        <source>queued</source>
        <translation>wartet</translation>
    </message>
    <message>
        <location filename="../models/seed_queue_model.cpp" line="62"/>
        <source>loading models</source>
        <translation>lädt Modelle</translation>
    </message>
    <message>
        <location filename="../models/seed_queue_model.cpp" line="63"/>
        <source>step %1 of %2</source>
        <translation>Schritt %1 von %2</translation>
    </message>
    <message>
        <location filename="../models/seed_queue_model.cpp" line="64"/>
        <source>finished</source>
        <translation>fertig</translation>
    </message>
    <message>
        <location filename="../models/seed_queue_model.cpp" line="65"/>
        <source>stopped at step %1</source>
        <translation>angehalten bei Schritt %1</translation>
    </message>
    <message>
        <location filename="../models/seed_queue_model.cpp" line="66"/>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <location filename="../models/seed_queue_model.cpp" line="88"/>
        <source>Seed</source>
        <translation>Ausgangstext</translation>
    </message>
    <message>
        <location filename="../models/seed_queue_model.cpp" line="88"/>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <location filename="../models/seed_queue_model.cpp" line="88"/>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
</context>
<context>
    <name>gauntlet::SeedSetModel</name>
    <message>
        <location filename="../models/seed_set_model.cpp" line="61"/>
        <source>Seed set</source>
        <translation>Sammlung</translation>
    </message>
    <message>
        <location filename="../models/seed_set_model.cpp" line="61"/>
        <source>Seeds</source>
        <translation>Ausgangstexte</translation>
    </message>
    <message>
        <location filename="../models/seed_set_model.cpp" line="61"/>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <location filename="../models/seed_set_model.cpp" line="61"/>
        <source>Licence</source>
        <translation>Lizenz</translation>
    </message>
    <message>
        <location filename="../models/seed_set_model.cpp" line="61"/>
        <source>Created</source>
        <translation>Erstellt</translation>
    </message>
</context>
<context>
    <name>gauntlet::SegmentLabelModel</name>
    <message>
        <location filename="../models/segment_label_model.cpp" line="74"/>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location filename="../models/segment_label_model.cpp" line="74"/>
        <source>Document</source>
        <translation>Dokument</translation>
    </message>
    <message>
        <location filename="../models/segment_label_model.cpp" line="74"/>
        <source>Source</source>
        <translation>Quelltext</translation>
    </message>
    <message>
        <location filename="../models/segment_label_model.cpp" line="74"/>
        <source>Primary category</source>
        <translation>Primärkategorie</translation>
    </message>
    <message>
        <location filename="../models/segment_label_model.cpp" line="74"/>
        <source>Confidence</source>
        <translation>Konfidenz</translation>
    </message>
    <message>
        <location filename="../models/segment_label_model.cpp" line="74"/>
        <source>Origin</source>
        <translation>Herkunft</translation>
    </message>
    <message>
        <location filename="../models/segment_label_model.cpp" line="75"/>
        <source>Secondary categories</source>
        <translation>Sekundärkategorien</translation>
    </message>
</context>
<context>
    <name>gauntlet::SettingsDiffDialog</name>
    <message>
        <location filename="../app/workspaces/run_table_dialogs.cpp" line="56"/>
        <source>Settings of runs %1 and %2</source>
        <translation>Einstellungen der Läufe %1 und %2</translation>
    </message>
    <message>
        <location filename="../app/workspaces/run_table_dialogs.cpp" line="59"/>
        <source>Setting</source>
        <translation>Einstellung</translation>
    </message>
    <message>
        <location filename="../app/workspaces/run_table_dialogs.cpp" line="72"/>
        <source>The two runs have the same settings (threads, device, dtype and batch size aside).</source>
        <translation>Die beiden Läufe haben dieselben Einstellungen (abgesehen von Threads, Gerät, Datentyp und Batchgröße).</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/workspaces/run_table_dialogs.cpp" line="73"/>
        <source>%n setting(s) differ (threads, device, dtype and batch size are not compared).</source>
        <translation>
            <numerusform>%n Einstellung unterscheidet sich (Threads, Gerät, Datentyp und Batchgröße werden nicht verglichen).</numerusform>
            <numerusform>%n Einstellungen unterscheiden sich (Threads, Gerät, Datentyp und Batchgröße werden nicht verglichen).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gauntlet::SpanAgreementTable</name>
    <message>
        <location filename="../app/workspaces/evaluate_agreement_table.cpp" line="24"/>
        <source>Stage</source>
        <translation>Stufe</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_agreement_table.cpp" line="24"/>
        <source>Annotator A</source>
        <translation>Annotator A</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_agreement_table.cpp" line="24"/>
        <source>Annotator B</source>
        <translation>Annotator B</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_agreement_table.cpp" line="24"/>
        <source>Units</source>
        <translation>Einheiten</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_agreement_table.cpp" line="24"/>
        <source>Char F1</source>
        <translation>Zeichen-F1</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_agreement_table.cpp" line="24"/>
        <source>Char F1 (sev.)</source>
        <translation>Zeichen-F1 (Schweregr.)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_agreement_table.cpp" line="25"/>
        <source>Exact F1</source>
        <translation>Exakt-F1</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_agreement_table.cpp" line="25"/>
        <source>Exact F1 (sev.)</source>
        <translation>Exakt-F1 (Schweregr.)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_agreement_table.cpp" line="25"/>
        <source>Overlap F1</source>
        <translation>Überlappungs-F1</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_agreement_table.cpp" line="25"/>
        <source>Overlap F1 (sev.)</source>
        <translation>Überlappungs-F1 (Schweregr.)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_agreement_table.cpp" line="25"/>
        <source>[missing] F1</source>
        <translation>[missing]-F1</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_agreement_table.cpp" line="26"/>
        <source>Error-count α</source>
        <translation>Fehleranzahl-α</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_agreement_table.cpp" line="27"/>
        <source>Translations both annotators judged</source>
        <translation>Übersetzungen, die beide Annotatoren beurteilt haben</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_agreement_table.cpp" line="28"/>
        <source>Dice coefficient of the characters each annotator marked</source>
        <translation>Dice-Koeffizient der Zeichen, die jeder Annotator markiert hat</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_agreement_table.cpp" line="29"/>
        <source>Character F1 counting a shared character only when both gave it the same severity</source>
        <translation>Zeichen-F1, das ein gemeinsames Zeichen nur zählt, wenn beide denselben Schweregrad gaben</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_agreement_table.cpp" line="30"/>
        <source>Spans with identical start and end</source>
        <translation>Fehlerspannen mit gleichem Anfang und Ende</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_agreement_table.cpp" line="30"/>
        <source>Identical offsets and the same severity</source>
        <translation>Gleiche Positionen und gleicher Schweregrad</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_agreement_table.cpp" line="31"/>
        <source>Spans sharing at least one character with a span of the other annotator</source>
        <translation>Fehlerspannen, die mindestens ein Zeichen mit einer Fehlerspanne des anderen Annotators teilen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_agreement_table.cpp" line="32"/>
        <source>Overlapping spans of the same severity</source>
        <translation>Überlappende Fehlerspannen gleichen Schweregrads</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_agreement_table.cpp" line="33"/>
        <source>Positive agreement on marking an omission ([missing])</source>
        <translation>Positive Übereinstimmung beim Markieren einer Auslassung ([missing])</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_agreement_table.cpp" line="34"/>
        <source>Krippendorff&apos;s alpha (interval) on the number of error spans per translation</source>
        <translation>Krippendorffs Alpha (Intervall) auf der Zahl der Fehlerspannen je Übersetzung</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_agreement_table.cpp" line="42"/>
        <source>Span agreement between annotators of the same translation, micro-averaged; the adjudicated answer is not an annotator and is left out</source>
        <translation>Übereinstimmung der Fehlerspannen zwischen Annotatoren derselben Übersetzung, mikrogemittelt; die adjudizierte Antwort ist kein Annotator und bleibt außen vor</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_agreement_table.cpp" line="58"/>
        <source>all pairs</source>
        <translation>alle Paare</translation>
    </message>
</context>
<context>
    <name>gauntlet::StepStatsModel</name>
    <message>
        <location filename="../models/step_stats_model.cpp" line="113"/>
        <source>Step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <location filename="../models/step_stats_model.cpp" line="113"/>
        <source>Phase</source>
        <translation>Phase</translation>
    </message>
    <message>
        <location filename="../models/step_stats_model.cpp" line="113"/>
        <source>Best L</source>
        <translation>Bestes L</translation>
    </message>
    <message>
        <location filename="../models/step_stats_model.cpp" line="113"/>
        <source>Mean L</source>
        <translation>Mittleres L</translation>
    </message>
    <message>
        <location filename="../models/step_stats_model.cpp" line="113"/>
        <source>D (best)</source>
        <translation>D (bester)</translation>
    </message>
    <message>
        <location filename="../models/step_stats_model.cpp" line="113"/>
        <source>L_CoLA (best)</source>
        <translation>L_CoLA (bester)</translation>
    </message>
    <message>
        <location filename="../models/step_stats_model.cpp" line="113"/>
        <source>L_cos (best)</source>
        <translation>L_cos (bester)</translation>
    </message>
    <message>
        <location filename="../models/step_stats_model.cpp" line="114"/>
        <source>PPL (best)</source>
        <translation>PPL (bester)</translation>
    </message>
    <message>
        <location filename="../models/step_stats_model.cpp" line="114"/>
        <source>Candidates</source>
        <translation>Kandidaten</translation>
    </message>
    <message>
        <location filename="../models/step_stats_model.cpp" line="114"/>
        <source>Seconds</source>
        <translation>Sekunden</translation>
    </message>
</context>
<context>
    <name>gauntlet::SystemsDialog</name>
    <message>
        <location filename="../app/workspaces/systems_dialog.cpp" line="26"/>
        <source>MT systems and verifiers</source>
        <translation>MÜ-Systeme und Prüfer</translation>
    </message>
    <message>
        <location filename="../app/workspaces/systems_dialog.cpp" line="28"/>
        <source>MT systems (up to ten outputs per example):</source>
        <translation>MÜ-Systeme (bis zu zehn Ausgaben je Beispiel):</translation>
    </message>
    <message>
        <location filename="../app/workspaces/systems_dialog.cpp" line="31"/>
        <source>Add Apertium pair...</source>
        <translation>Apertium-Paar hinzufügen...</translation>
    </message>
    <message>
        <location filename="../app/workspaces/systems_dialog.cpp" line="32"/>
        <source>Add chat endpoint...</source>
        <translation>Chat-Endpunkt hinzufügen...</translation>
    </message>
    <message>
        <location filename="../app/workspaces/systems_dialog.cpp" line="33"/>
        <source>Add manual system...</source>
        <translation>Manuelles System hinzufügen...</translation>
    </message>
    <message>
        <location filename="../app/workspaces/systems_dialog.cpp" line="39"/>
        <source>LLM verifiers for natural-language rules (several: their agreement is shown):</source>
        <translation>LLM-Prüfer für Regeln in natürlicher Sprache (bei mehreren wird ihre Übereinstimmung gezeigt):</translation>
    </message>
    <message>
        <location filename="../app/workspaces/systems_dialog.cpp" line="42"/>
        <source>Add verifier...</source>
        <translation>Prüfer hinzufügen...</translation>
    </message>
    <message>
        <location filename="../app/workspaces/systems_dialog.cpp" line="43"/>
        <source>Remove selected</source>
        <translation>Auswahl entfernen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/systems_dialog.cpp" line="72"/>
        <location filename="../app/workspaces/systems_dialog.cpp" line="101"/>
        <source>Apertium %1</source>
        <translation>Apertium %1</translation>
    </message>
    <message>
        <location filename="../app/workspaces/systems_dialog.cpp" line="74"/>
        <source>%1 at %2</source>
        <translation>%1 bei %2</translation>
    </message>
    <message>
        <location filename="../app/workspaces/systems_dialog.cpp" line="76"/>
        <source>manual</source>
        <translation>manuell</translation>
    </message>
    <message>
        <location filename="../app/workspaces/systems_dialog.cpp" line="81"/>
        <source>%1 — %2 at %3</source>
        <translation>%1 — %2 bei %3</translation>
    </message>
    <message>
        <location filename="../app/workspaces/systems_dialog.cpp" line="93"/>
        <source>No Apertium pairs are installed (looked in %1).</source>
        <translation>Keine Apertium-Paare installiert (gesucht in %1).</translation>
    </message>
    <message>
        <location filename="../app/workspaces/systems_dialog.cpp" line="97"/>
        <source>Add Apertium pair</source>
        <translation>Apertium-Paar hinzufügen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/systems_dialog.cpp" line="97"/>
        <source>Installed pair:</source>
        <translation>Installiertes Paar:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/systems_dialog.cpp" line="121"/>
        <source>Add manual system</source>
        <translation>Manuelles System hinzufügen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/systems_dialog.cpp" line="121"/>
        <source>Name (e.g. the service whose outputs you paste):</source>
        <translation>Name (z. B. der Dienst, dessen Ausgaben Sie einfügen):</translation>
    </message>
    <message>
        <location filename="../app/workspaces/systems_dialog.cpp" line="133"/>
        <source>Add LLM verifier</source>
        <translation>LLM-Prüfer hinzufügen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/systems_dialog.cpp" line="133"/>
        <source>Add chat endpoint</source>
        <translation>Chat-Endpunkt hinzufügen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/systems_dialog.cpp" line="139"/>
        <source>e.g. OPENROUTER_API_KEY (the variable&apos;s name, not the key)</source>
        <translation>z. B. OPENROUTER_API_KEY (der Name der Variablen, nicht der Schlüssel)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/systems_dialog.cpp" line="146"/>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <location filename="../app/workspaces/systems_dialog.cpp" line="151"/>
        <source>Name:</source>
        <translation>Name:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/systems_dialog.cpp" line="152"/>
        <source>Base URL:</source>
        <translation>Basis-URL:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/systems_dialog.cpp" line="153"/>
        <source>Model:</source>
        <translation>Modell:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/systems_dialog.cpp" line="154"/>
        <source>API key variable:</source>
        <translation>Variable des API-Schlüssels:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/systems_dialog.cpp" line="155"/>
        <source>Temperature:</source>
        <translation>Temperatur:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/systems_dialog.cpp" line="156"/>
        <source>Timeout:</source>
        <translation>Zeitlimit:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/systems_dialog.cpp" line="157"/>
        <source>Retries:</source>
        <translation>Wiederholungen:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/systems_dialog.cpp" line="158"/>
        <source>Verifier prompt:</source>
        <translation>Prüfer-Prompt:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/systems_dialog.cpp" line="158"/>
        <source>Translation prompt:</source>
        <translation>Übersetzungs-Prompt:</translation>
    </message>
</context>
<context>
    <name>gauntlet::TableCsv</name>
    <message>
        <location filename="../widgets/table_csv.cpp" line="31"/>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
</context>
<context>
    <name>gauntlet::TaxonomyEditor</name>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="42"/>
        <source>Every matcher must match</source>
        <translation>Jedes Muster muss passen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="53"/>
        <source>Taxonomy category</source>
        <translation>Taxonomie-Kategorie</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="53"/>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="175"/>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="53"/>
        <source>Matchers</source>
        <translation>Muster</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="53"/>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="59"/>
        <source>Matches</source>
        <translation>Treffer</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="54"/>
        <source>Segments of the selected corpus the category&apos;s matchers accept</source>
        <translation>Segmente des gewählten Korpus, die die Muster der Kategorie annehmen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="57"/>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="234"/>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="454"/>
        <source>deterministic</source>
        <translation>deterministisch</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="58"/>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="234"/>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="454"/>
        <source>semantic</source>
        <translation>semantisch</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="59"/>
        <source>Field</source>
        <translation>Feld</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="59"/>
        <source>Pattern</source>
        <translation>Muster</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="59"/>
        <source>Flags</source>
        <translation>Flags</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="62"/>
        <source>Field: source, target, either or both. Pattern: a regular expression (PCRE). Flags: any of i s m x u.</source>
        <translation>Feld: source, target, either oder both. Muster: ein regulärer Ausdruck (PCRE). Flags: beliebige aus i s m x u.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="75"/>
        <source>Add Category...</source>
        <translation>Kategorie hinzufügen...</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="77"/>
        <source>Add a taxonomy category (Ctrl+Shift+N)</source>
        <translation>Eine Taxonomie-Kategorie hinzufügen (Strg+Umschalt+N)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="78"/>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="165"/>
        <source>Remove Category</source>
        <translation>Kategorie entfernen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="79"/>
        <source>Add Matcher</source>
        <translation>Muster hinzufügen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="80"/>
        <source>Remove Matcher</source>
        <translation>Muster entfernen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="81"/>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="190"/>
        <source>Save Taxonomy</source>
        <translation>Taxonomie speichern</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="82"/>
        <source>Store the edited taxonomy in the project (Ctrl+S)</source>
        <translation>Die bearbeitete Taxonomie im Projekt speichern (Strg+S)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="84"/>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="97"/>
        <source>Undo</source>
        <translation>Rückgängig</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="87"/>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="98"/>
        <source>Redo</source>
        <translation>Wiederholen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="99"/>
        <source>Undo the last edit (Ctrl+Z)</source>
        <translation>Die letzte Änderung rückgängig machen (Strg+Z)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="100"/>
        <source>Redo (Ctrl+Shift+Z)</source>
        <translation>Wiederholen (Strg+Umschalt+Z)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="127"/>
        <source>Category:</source>
        <translation>Kategorie:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="128"/>
        <source>Kind:</source>
        <translation>Art:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="129"/>
        <source>Description:</source>
        <translation>Beschreibung:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="134"/>
        <source>Matchers (deterministic categories):</source>
        <translation>Muster (deterministische Kategorien):</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="239"/>
        <source>(group)</source>
        <translation>(Gruppe)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="255"/>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="388"/>
        <source>invalid</source>
        <translation>ungültig</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="284"/>
        <source>(no category selected)</source>
        <translation>(keine Kategorie gewählt)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="284"/>
        <source>%1 (a group of categories)</source>
        <translation>%1 (eine Gruppe von Kategorien)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="371"/>
        <source>A semantic category: a classifier assigns it (Classify on the Corpora &amp; Labels tab).</source>
        <translation>Eine semantische Kategorie: ein Klassifikator vergibt sie (Klassifizieren im Reiter Korpora &amp; Labels).</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="375"/>
        <source>Example: %1</source>
        <translation>Beispiel: %1</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="380"/>
        <source>Select a corpus (Corpora tab) to see how many of its segments these matchers accept.</source>
        <translation>Ein Korpus wählen (Reiter Korpora), um zu sehen, wie viele seiner Segmente diese Muster annehmen.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="400"/>
        <source>&lt;b&gt;%1&lt;/b&gt; of %2 segments in corpus &apos;%3&apos; match this category%4</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; von %2 Segmenten im Korpus &apos;%3&apos; passen zu dieser Kategorie%4</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="401"/>
        <source>; for example:</source>
        <translation>; zum Beispiel:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="411"/>
        <source>Document %1, segment %2
source: %3
MT: %4</source>
        <translation>Dokument %1, Segment %2
Quelltext: %3
MÜ: %4</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="429"/>
        <source>&apos;%1&apos; is not a category path (names separated by &apos;/&apos;).</source>
        <translation>&apos;%1&apos; ist kein Kategorienpfad (Namen durch &apos;/&apos; getrennt).</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="431"/>
        <source>The taxonomy already has a category &apos;%1&apos;.</source>
        <translation>Die Taxonomie hat schon eine Kategorie &apos;%1&apos;.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="439"/>
        <source>Add category %1</source>
        <translation>Kategorie %1 hinzufügen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="446"/>
        <source>Select a category to remove.</source>
        <translation>Eine Kategorie zum Entfernen wählen.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="449"/>
        <source>Remove category %1</source>
        <translation>Kategorie %1 entfernen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="454"/>
        <source>Make %1 %2</source>
        <translation>%1 %2 machen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="471"/>
        <source>No category &apos;%1&apos;.</source>
        <translation>Keine Kategorie &apos;%1&apos;.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="474"/>
        <source>Describe %1</source>
        <translation>%1 beschreiben</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="479"/>
        <source>Combine matchers of %1</source>
        <translation>Muster von %1 verknüpfen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="502"/>
        <source>Select a category first.</source>
        <translation>Zuerst eine Kategorie wählen.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="506"/>
        <source>Add matcher to %1</source>
        <translation>Muster zu %1 hinzufügen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="513"/>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="530"/>
        <source>No matcher %1 in category &apos;%2&apos;.</source>
        <translation>Kein Muster %1 in der Kategorie &apos;%2&apos;.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="516"/>
        <source>Unknown flag &apos;%1&apos; (use i, s, m, x, u).</source>
        <translation>Unbekanntes Flag &apos;%1&apos; (i, s, m, x, u verwenden).</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="520"/>
        <source>Invalid pattern at offset %1: %2</source>
        <translation>Ungültiges Muster an Position %1: %2</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="523"/>
        <source>Edit matcher of %1</source>
        <translation>Muster von %1 bearbeiten</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="535"/>
        <source>Remove matcher of %1</source>
        <translation>Muster von %1 entfernen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="542"/>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="547"/>
        <source>Add Category</source>
        <translation>Kategorie hinzufügen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="542"/>
        <source>Path of the new taxonomy category (names separated by &apos;/&apos;):</source>
        <translation>Pfad der neuen Taxonomie-Kategorie (Namen durch &apos;/&apos; getrennt):</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="575"/>
        <source>Unknown field &apos;%1&apos; (use source, target, either or both).</source>
        <translation>Unbekanntes Feld &apos;%1&apos; (source, target, either oder both verwenden).</translation>
    </message>
    <message>
        <location filename="../app/workspaces/coverage_taxonomy_editor.cpp" line="583"/>
        <source>Matcher</source>
        <translation>Muster</translation>
    </message>
</context>
<context>
    <name>gauntlet::TraceView</name>
    <message>
        <location filename="../widgets/trace_view.cpp" line="184"/>
        <source>Objective</source>
        <translation>Zielfunktion</translation>
    </message>
    <message>
        <location filename="../widgets/trace_view.cpp" line="70"/>
        <source>Step shown in the beam table (Alt+Left / Alt+Right)</source>
        <translation>In der Strahltabelle angezeigter Schritt (Alt+Links / Alt+Rechts)</translation>
    </message>
    <message>
        <location filename="../widgets/trace_view.cpp" line="76"/>
        <source>The step shown; with guards on, the candidates of this step each guard refused: the vocabulary guard drops candidates that add a word outside common present-day English; the grammar guard keeps a candidate out of the beam when link-grammar parses it worse than the seed or a changed word changes its part of speech</source>
        <translation>Der gezeigte Schritt; mit Schutzregeln die Kandidaten dieses Schritts, die jede Regel abgewiesen hat: der Wortschatzschutz verwirft Kandidaten, die ein Wort außerhalb des gebräuchlichen heutigen Englisch hinzufügen; der Grammatikschutz hält einen Kandidaten aus dem Beam, wenn link-grammar ihn schlechter analysiert als den Ausgangstext oder ein geändertes Wort seine Wortart wechselt</translation>
    </message>
    <message>
        <location filename="../widgets/trace_view.cpp" line="110"/>
        <source>Filter the archive by text...</source>
        <translation>Archiv nach Text filtern...</translation>
    </message>
    <message>
        <location filename="../widgets/trace_view.cpp" line="123"/>
        <source>Best path</source>
        <translation>Bester Weg</translation>
    </message>
    <message>
        <location filename="../widgets/trace_view.cpp" line="124"/>
        <source>Best path: the chain of texts that led to the best member, step by step</source>
        <translation>Bester Weg: die Kette der Texte, die Schritt für Schritt zum besten Mitglied führte</translation>
    </message>
    <message>
        <location filename="../widgets/trace_view.cpp" line="125"/>
        <source>Candidate archive</source>
        <translation>Kandidatenarchiv</translation>
    </message>
    <message>
        <location filename="../widgets/trace_view.cpp" line="126"/>
        <source>Candidate archive: every candidate the run scored</source>
        <translation>Kandidatenarchiv: jeder Kandidat, den der Lauf bewertet hat</translation>
    </message>
    <message>
        <location filename="../widgets/trace_view.cpp" line="127"/>
        <source>Candidate pool</source>
        <translation>Kandidatenpool</translation>
    </message>
    <message>
        <location filename="../widgets/trace_view.cpp" line="128"/>
        <source>Candidate pool: every candidate of the step shown, with what became of it and why</source>
        <translation>Kandidatenpool: jeder Kandidat des gezeigten Schritts, mit seinem Verbleib und dem Grund</translation>
    </message>
    <message>
        <location filename="../widgets/trace_view.cpp" line="138"/>
        <source>Step:</source>
        <translation>Schritt:</translation>
    </message>
    <message>
        <location filename="../widgets/trace_view.cpp" line="185"/>
        <source>Objective: the objective and its terms per step</source>
        <translation>Zielfunktion: die Zielfunktion und ihre Terme pro Schritt</translation>
    </message>
    <message>
        <location filename="../widgets/trace_view.cpp" line="224"/>
        <source>trigram %1</source>
        <translation>Trigramm %1</translation>
    </message>
    <message>
        <location filename="../widgets/trace_view.cpp" line="251"/>
        <location filename="../widgets/trace_view.cpp" line="363"/>
        <source>no steps yet</source>
        <translation>noch keine Schritte</translation>
    </message>
    <message>
        <location filename="../widgets/trace_view.cpp" line="222"/>
        <source>vocabulary %1</source>
        <translation>Wortschatz %1</translation>
    </message>
    <message>
        <location filename="../widgets/trace_view.cpp" line="226"/>
        <source>grammar %1</source>
        <translation>Grammatik %1</translation>
    </message>
    <message>
        <location filename="../widgets/trace_view.cpp" line="227"/>
        <source>guards refused: %1</source>
        <translation>von Schutzregeln abgewiesen: %1</translation>
    </message>
    <message>
        <location filename="../widgets/trace_view.cpp" line="279"/>
        <source>The output is harder to translate than the seed: D %1 → %2 (lower is harder).</source>
        <translation>Die Ausgabe ist schwerer zu übersetzen als der Ausgangstext: D %1 → %2 (niedriger ist schwerer).</translation>
    </message>
    <message>
        <location filename="../widgets/trace_view.cpp" line="281"/>
        <source>The output is NOT harder to translate than the seed: D %1 → %2 (lower is harder).</source>
        <translation>Die Ausgabe ist NICHT schwerer zu übersetzen als der Ausgangstext: D %1 → %2 (niedriger ist schwerer).</translation>
    </message>
    <message>
        <location filename="../widgets/trace_view.cpp" line="376"/>
        <source>step %1 of %2 · phase %3</source>
        <translation>Schritt %1 von %2 · Phase %3</translation>
    </message>
</context>
<context>
    <name>gauntlet::TranslationCard</name>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="81"/>
        <source>Translation %1</source>
        <translation>Übersetzung %1</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="89"/>
        <source>Select text, then press 1 (minor) or 2 (major); M marks an omission.</source>
        <translation>Text auswählen, dann 1 (leicht) oder 2 (schwer) drücken; M markiert eine Auslassung.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="92"/>
        <source>Minor (1)</source>
        <translation>Leicht (1)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="93"/>
        <source>Major (2)</source>
        <translation>Schwer (2)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="94"/>
        <source>[missing] (M)</source>
        <translation>[missing] (M)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="99"/>
        <source>Mark the selected text as a minor error (key 1)</source>
        <translation>Den ausgewählten Text als leichten Fehler markieren (Taste 1)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="100"/>
        <source>Mark the selected text as a major error (key 2)</source>
        <translation>Den ausgewählten Text als schweren Fehler markieren (Taste 2)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="101"/>
        <source>Something is missing from the translation: mark an omission (key M; again to remove it)</source>
        <translation>In der Übersetzung fehlt etwas: eine Auslassung markieren (Taste M; nochmals zum Entfernen)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="116"/>
        <source>Snap to words</source>
        <translation>An Wörter ausrichten</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="111"/>
        <source>MQM error category of the next span you mark (key C: next category)</source>
        <translation>MQM-Fehlerkategorie der nächsten markierten Fehlerspanne (Taste C: nächste Kategorie)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="112"/>
        <source>Error category</source>
        <translation>Fehlerkategorie</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="118"/>
        <source>Grow a selection to whole words (CJK text: to whole characters).</source>
        <translation>Eine Auswahl auf ganze Wörter erweitern (CJK-Text: auf ganze Zeichen).</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="122"/>
        <source>Delete removes the span, S switches minor/major.</source>
        <translation>Entf entfernt die Stelle, S wechselt zwischen leicht und schwer.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="123"/>
        <source>Marked errors</source>
        <translation>Markierte Fehler</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="125"/>
        <source>No errors marked.</source>
        <translation>Keine Fehler markiert.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="134"/>
        <source>Score 0-100 in steps of 5 (arrow keys: 5, Page Up/Down: 20).</source>
        <translation>Bewertung 0-100 in Schritten von 5 (Pfeiltasten: 5, Bild auf/ab: 20).</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="157"/>
        <source>&amp;Score:</source>
        <translation>&amp;Bewertung:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="159"/>
        <source>Score of translation %1</source>
        <translation>Bewertung von Übersetzung %1</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="293"/>
        <source>major</source>
        <translation>schwer</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="293"/>
        <source>minor</source>
        <translation>leicht</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="320"/>
        <source>not set</source>
        <translation>nicht gesetzt</translation>
    </message>
    <message>
        <location filename="../app/workspaces/evaluate_annotation.cpp" line="328"/>
        <source>The score is below 85 but no error is marked: mark the errors you see, or raise the score.</source>
        <translation>Die Bewertung liegt unter 85, aber kein Fehler ist markiert: die gesehenen Fehler markieren oder die Bewertung erhöhen.</translation>
    </message>
</context>
<context>
    <name>gauntlet::VerdictDetailPane</name>
    <message>
        <location filename="../app/workspaces/verdict_detail_pane.cpp" line="89"/>
        <source>Set &amp;by hand</source>
        <translation>&amp;Von Hand setzen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/verdict_detail_pane.cpp" line="90"/>
        <location filename="../app/workspaces/verdict_detail_pane.cpp" line="292"/>
        <source>Remove verdict set by hand</source>
        <translation>Von Hand gesetztes Urteil entfernen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/verdict_detail_pane.cpp" line="90"/>
        <source>Undo</source>
        <translation>Rückgängig</translation>
    </message>
    <message>
        <location filename="../app/workspaces/verdict_detail_pane.cpp" line="107"/>
        <source>The verdict you set by hand; it counts instead of the verifiers&apos; verdict</source>
        <translation>Das Urteil, das Sie von Hand setzen; es zählt statt des Urteils der Prüfer</translation>
    </message>
    <message>
        <location filename="../app/workspaces/verdict_detail_pane.cpp" line="108"/>
        <source>Reason (required), e.g. the verifier missed the negation</source>
        <translation>Begründung (erforderlich), z. B. der Prüfer hat die Verneinung übersehen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/verdict_detail_pane.cpp" line="109"/>
        <source>Set the selected cell&apos;s verdict by hand, with the reason (Enter)</source>
        <translation>Das Urteil der gewählten Zelle mit Begründung von Hand setzen (Eingabe)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/verdict_detail_pane.cpp" line="110"/>
        <source>Undo the last verdict set or removed by hand (Ctrl+Z)</source>
        <translation>Das zuletzt von Hand gesetzte oder entfernte Urteil rückgängig machen (Strg+Z)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/verdict_detail_pane.cpp" line="115"/>
        <source>Human verdict:</source>
        <translation>Urteil (Mensch):</translation>
    </message>
    <message>
        <location filename="../app/workspaces/verdict_detail_pane.cpp" line="207"/>
        <source>&lt;p&gt;Select a verdict in the matrix to see the verifiers&apos; whole replies and to set the verdict by hand.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Wählen Sie ein Urteil in der Matrix, um die ganzen Antworten der Prüfer zu sehen und das Urteil von Hand zu setzen.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../app/workspaces/verdict_detail_pane.cpp" line="217"/>
        <source>Rule %1</source>
        <translation>Regel %1</translation>
    </message>
    <message>
        <location filename="../app/workspaces/verdict_detail_pane.cpp" line="218"/>
        <source>Reference</source>
        <translation>Referenz</translation>
    </message>
    <message>
        <location filename="../app/workspaces/verdict_detail_pane.cpp" line="218"/>
        <source>Verdict that counts:</source>
        <translation>Geltendes Urteil:</translation>
    </message>
    <message>
        <location filename="../app/workspaces/verdict_detail_pane.cpp" line="222"/>
        <source> (set by hand; the verifiers&apos; verdict is not in the release)</source>
        <translation> (von Hand gesetzt; das Urteil der Prüfer ist nicht im Release enthalten)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/verdict_detail_pane.cpp" line="223"/>
        <source> (set by hand; the verifiers say %1)</source>
        <translation> (von Hand gesetzt; die Prüfer sagen %1)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/verdict_detail_pane.cpp" line="226"/>
        <source>Set by hand: %1 by %2 on %3</source>
        <translation>Von Hand gesetzt: %1 von %2 am %3</translation>
    </message>
    <message>
        <location filename="../app/workspaces/verdict_detail_pane.cpp" line="227"/>
        <source>Reason: %1</source>
        <translation>Begründung: %1</translation>
    </message>
    <message>
        <location filename="../app/workspaces/verdict_detail_pane.cpp" line="229"/>
        <source>The verifiers disagree on this cell.</source>
        <translation>Die Prüfer sind sich bei dieser Zelle uneinig.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/verdict_detail_pane.cpp" line="231"/>
        <source>A string rule, checked locally (no verifier reply).</source>
        <translation>Eine Zeichenkettenregel, lokal geprüft (keine Prüferantwort).</translation>
    </message>
    <message>
        <location filename="../app/workspaces/verdict_detail_pane.cpp" line="236"/>
        <source>no verdict yet (verify)</source>
        <translation>noch kein Urteil (prüfen)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/verdict_detail_pane.cpp" line="244"/>
        <source>(empty reply)</source>
        <translation>(leere Antwort)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/verdict_detail_pane.cpp" line="248"/>
        <source>The project has no verifier for natural-language rules.</source>
        <translation>Das Projekt hat keinen Prüfer für natürlichsprachliche Regeln.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/verdict_detail_pane.cpp" line="258"/>
        <location filename="../app/workspaces/verdict_detail_pane.cpp" line="305"/>
        <source>Select a verdict in the matrix first.</source>
        <translation>Wählen Sie zuerst ein Urteil in der Matrix.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/verdict_detail_pane.cpp" line="260"/>
        <source>Give a reason for the verdict you set by hand.</source>
        <translation>Begründen Sie das Urteil, das Sie von Hand setzen.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/verdict_detail_pane.cpp" line="272"/>
        <source>Set verdict by hand</source>
        <translation>Urteil von Hand setzen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/verdict_detail_pane.cpp" line="286"/>
        <source>The selected verdict was not set by hand.</source>
        <translation>Das gewählte Urteil wurde nicht von Hand gesetzt.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/verdict_detail_pane.cpp" line="91"/>
        <source>Ask &amp;again</source>
        <translation>&amp;Erneut fragen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/verdict_detail_pane.cpp" line="102"/>
        <source>Ask the verifiers again for the selected cell, ignoring its stored verdicts</source>
        <translation>Die Prüfer für die gewählte Zelle erneut fragen, ohne ihre gespeicherten Urteile</translation>
    </message>
</context>
<context>
    <name>gauntlet::VerdictMatrixModel</name>
    <message>
        <location filename="../models/verdict_matrix_model.cpp" line="33"/>
        <source>pass</source>
        <translation>bestanden</translation>
    </message>
    <message>
        <location filename="../models/verdict_matrix_model.cpp" line="33"/>
        <source>fail</source>
        <translation>nicht bestanden</translation>
    </message>
    <message>
        <location filename="../models/verdict_matrix_model.cpp" line="33"/>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <location filename="../models/verdict_matrix_model.cpp" line="56"/>
        <source>Reference</source>
        <translation>Referenz</translation>
    </message>
    <message>
        <location filename="../models/verdict_matrix_model.cpp" line="105"/>
        <source>Passes every rule</source>
        <translation>Erfüllt jede Regel</translation>
    </message>
    <message>
        <location filename="../models/verdict_matrix_model.cpp" line="105"/>
        <source>Fails at least one rule</source>
        <translation>Verletzt mindestens eine Regel</translation>
    </message>
    <message>
        <location filename="../models/verdict_matrix_model.cpp" line="106"/>
        <source>Some verdicts are unknown</source>
        <translation>Einige Urteile sind unbekannt</translation>
    </message>
    <message>
        <location filename="../models/verdict_matrix_model.cpp" line="134"/>
        <source>System</source>
        <translation>System</translation>
    </message>
    <message>
        <location filename="../models/verdict_matrix_model.cpp" line="136"/>
        <source>Translation</source>
        <translation>Übersetzung</translation>
    </message>
    <message>
        <location filename="../models/verdict_matrix_model.cpp" line="138"/>
        <source>All rules</source>
        <translation>Alle Regeln</translation>
    </message>
    <message>
        <location filename="../models/verdict_matrix_model.cpp" line="139"/>
        <source>Rule %1 (tests nothing)</source>
        <translation>Regel %1 (prüft nichts)</translation>
    </message>
    <message>
        <location filename="../models/verdict_matrix_model.cpp" line="139"/>
        <source>Rule %1</source>
        <translation>Regel %1</translation>
    </message>
    <message>
        <location filename="../models/verdict_matrix_model.cpp" line="143"/>
        <source>%1

No MT output fails this rule: it tests nothing.</source>
        <translation>%1

Keine MÜ-Ausgabe verletzt diese Regel: Sie prüft nichts.</translation>
    </message>
    <message>
        <location filename="../models/verdict_matrix_model.cpp" line="77"/>
        <source>%1 (human)</source>
        <translation>%1 (Mensch)</translation>
    </message>
    <message>
        <location filename="../models/verdict_matrix_model.cpp" line="82"/>
        <source>%1 — disagree</source>
        <translation>%1 — uneinig</translation>
    </message>
    <message>
        <location filename="../models/verdict_matrix_model.cpp" line="110"/>
        <source>Set by hand: %1 by %2 (%3): %4</source>
        <translation>Von Hand gesetzt: %1 von %2 (%3): %4</translation>
    </message>
    <message>
        <location filename="../models/verdict_matrix_model.cpp" line="114"/>
        <source>The verifiers disagree.</source>
        <translation>Die Prüfer sind uneinig.</translation>
    </message>
    <message>
        <location filename="../models/verdict_matrix_model.cpp" line="117"/>
        <source>Select the cell for the whole reply.</source>
        <translation>Zelle auswählen, um die ganze Antwort zu sehen.</translation>
    </message>
</context>
<context>
    <name>gauntlet::VerifierChoiceButton</name>
    <message>
        <location filename="../app/workspaces/verifier_choice_button.cpp" line="12"/>
        <source>Verifiers</source>
        <translation>Prüfer</translation>
    </message>
    <message>
        <location filename="../app/workspaces/verifier_choice_button.cpp" line="13"/>
        <source>Choose which LLM verifiers Verify asks (all by default)</source>
        <translation>Wählen, welche LLM-Prüfer Prüfen fragt (standardmäßig alle)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/verifier_choice_button.cpp" line="43"/>
        <source>The project has no LLM verifiers</source>
        <translation>Das Projekt hat keine LLM-Prüfer</translation>
    </message>
</context>
<context>
    <name>gauntlet::VerifierStatsView</name>
    <message>
        <location filename="../app/workspaces/verifier_stats_view.cpp" line="18"/>
        <source>Verifier</source>
        <translation>Prüfer</translation>
    </message>
    <message>
        <location filename="../app/workspaces/verifier_stats_view.cpp" line="18"/>
        <source>Compared with</source>
        <translation>Verglichen mit</translation>
    </message>
    <message>
        <location filename="../app/workspaces/verifier_stats_view.cpp" line="18"/>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <location filename="../app/workspaces/verifier_stats_view.cpp" line="18"/>
        <source>Agreements</source>
        <translation>Übereinstimmungen</translation>
    </message>
    <message>
        <location filename="../app/workspaces/verifier_stats_view.cpp" line="18"/>
        <source>Both pass</source>
        <translation>Beide bestanden</translation>
    </message>
    <message>
        <location filename="../app/workspaces/verifier_stats_view.cpp" line="18"/>
        <source>Pass / fail</source>
        <translation>Bestanden / nicht bestanden</translation>
    </message>
    <message>
        <location filename="../app/workspaces/verifier_stats_view.cpp" line="19"/>
        <source>Fail / pass</source>
        <translation>Nicht bestanden / bestanden</translation>
    </message>
    <message>
        <location filename="../app/workspaces/verifier_stats_view.cpp" line="19"/>
        <source>Both fail</source>
        <translation>Beide nicht bestanden</translation>
    </message>
    <message>
        <location filename="../app/workspaces/verifier_stats_view.cpp" line="19"/>
        <source>Cohen&apos;s kappa</source>
        <translation>Cohens Kappa</translation>
    </message>
    <message>
        <location filename="../app/workspaces/verifier_stats_view.cpp" line="20"/>
        <source>The verifier says pass, the other fail</source>
        <translation>Der Prüfer sagt bestanden, der andere nicht bestanden</translation>
    </message>
    <message>
        <location filename="../app/workspaces/verifier_stats_view.cpp" line="21"/>
        <source>The verifier says fail, the other pass</source>
        <translation>Der Prüfer sagt nicht bestanden, der andere bestanden</translation>
    </message>
    <message>
        <location filename="../app/workspaces/verifier_stats_view.cpp" line="26"/>
        <source>Cohen&apos;s kappa of each verifier against the verdicts reviewers set by hand (&quot;human&quot;) and against the other verifiers, over the natural-language rules&apos; pass/fail verdicts of the whole project.</source>
        <translation>Cohens Kappa jedes Prüfers gegenüber den von Gutachtern von Hand gesetzten Urteilen („Mensch“) und gegenüber den anderen Prüfern, über die Bestanden/Nicht-bestanden-Urteile der natürlichsprachlichen Regeln des ganzen Projekts.</translation>
    </message>
    <message>
        <location filename="../app/workspaces/verifier_stats_view.cpp" line="56"/>
        <source>n/a (no common verdicts)</source>
        <translation>n. v. (keine gemeinsamen Urteile)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/verifier_stats_view.cpp" line="56"/>
        <source>n/a (no variation)</source>
        <translation>n. v. (keine Variation)</translation>
    </message>
    <message>
        <location filename="../app/workspaces/verifier_stats_view.cpp" line="57"/>
        <source>human (set by hand)</source>
        <translation>Mensch (von Hand gesetzt)</translation>
    </message>
</context>
</TS>
