package org.reusedetector.discover;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.reusedetector.cli.Main;
import org.reusedetector.format.Json;
import org.reusedetector.format.JsonLines;
import org.reusedetector.model.Label;

/**
 * A blind run's verdicts on a copy depend on the copy, not on the rest of the crawl: {@code discover} then
 * {@code detect} on {@link FamilyFixture}'s crawl, and again on the same crawl plus the pages of a site that shares
 * nothing with it, give every host of the first crawl the same neighbourhood verdicts and page alerts.
 *
 * <p>The added site has long pages (many countable chunks each). A group threshold drawn from the whole crawl (its
 * mean countable chunks per page) rose above the size of both copy families' groups, so their chunks were no longer
 * labelled and the mirror and ad farm hosts turned clean; each host set's own threshold, from the pages its
 * candidates sit on, does not move.
 */
class BlindStabilityITCase {

    /** Pages of the unrelated site, and the paragraphs of each: long pages that no other site shares. */
    static final int UNRELATED_PAGES = 20;

    static final int UNRELATED_PARAGRAPHS = 100;

    @TempDir
    Path dir;

    @Test
    void addingTheUnrelatedPagesOfAnotherSiteChangesNoVerdictOnTheOthers() throws Exception {
        Map<String, String> crawl = FamilyFixture.bodies();
        Map<String, String> withUnrelated = new LinkedHashMap<>(crawl);
        for (int p = 1; p <= UNRELATED_PAGES; p++) {
            String[] paragraphs = new String[UNRELATED_PARAGRAPHS];
            for (int i = 0; i < paragraphs.length; i++) {
                paragraphs[i] = FamilyFixture.own("the long page " + p + " paragraph", i);
            }
            withUnrelated.put("https://www.long-pages.org/p" + p + ".html", DiscoveryFixture.html(paragraphs));
        }

        Run alone = blindRun("alone", crawl);
        Run added = blindRun("added", withUnrelated);

        // the copies are found in both runs: every mirror and ad farm host is a bad neighbourhood
        for (String host : FamiliesITCase.MIRROR_HOSTS) {
            assertThat(alone.verdicts()).containsEntry("https://" + host + "/", true);
        }
        for (String host : FamiliesITCase.AD_HOSTS) {
            assertThat(alone.verdicts()).containsEntry("https://" + host + "/", true);
        }
        // and every host of the first crawl has the same verdicts and alerts in the second
        assertThat(added.verdictsOnHostsOf(crawl)).isEqualTo(alone.verdicts());
        assertThat(added.alertsOnHostsOf(crawl)).isEqualTo(alone.alerts());
    }

    @Test
    void labelsOfAFamilyWhoseSourceDiscoveryCanTellNameItAndCoverageAloneTurnsItsCopiesBad() throws Exception {
        Run run = blindRun(
                "coverage",
                FamilyFixture.bodies(),
                "--set",
                "neighborhood.fixed-threshold=1.0",
                "--set",
                "neighborhood.coverage.min-chunks=5");

        // the author's site publishes text of its own (its blog): it is the source of both families
        List<Label> labels = new ArrayList<>();
        for (String line : Files.readAllLines(run.labels())) {
            labels.add(Json.read(line, Label.class));
        }
        assertThat(labels)
                .filteredOn(l -> !Label.KIND_STOP.equals(l.kind()))
                .isNotEmpty()
                .allSatisfy(l -> assertThat(l.familySource()).isEqualTo("https://" + FamilyFixture.SOURCE + "/"));
        // no badness is above a fixed threshold of 1: the copiers are bad by their coverage of the family, the
        // source is not (its own pages do not count toward the coverage of what it published)
        for (String host : FamiliesITCase.AD_HOSTS) {
            assertThat(run.verdicts()).containsEntry("https://" + host + "/", true);
        }
        for (String host : FamiliesITCase.MIRROR_HOSTS) {
            assertThat(run.verdicts()).containsEntry("https://" + host + "/", true);
        }
        assertThat(run.verdicts()).containsEntry("https://" + FamilyFixture.SOURCE + "/", false);
    }

    /**
     * One blind run's results.
     *
     * @param labels the discovery run's labels file
     * @param verdicts every neighbourhood's verdict, by prefix
     * @param alerts every alert, as its type and URL or prefix
     */
    record Run(Path labels, Map<String, Boolean> verdicts, TreeSet<String> alerts) {

        Map<String, Boolean> verdictsOnHostsOf(Map<String, String> crawl) {
            Map<String, Boolean> kept = new TreeMap<>();
            verdicts.forEach((prefix, bad) -> {
                if (onHostOf(crawl, prefix)) {
                    kept.put(prefix, bad);
                }
            });
            return kept;
        }

        TreeSet<String> alertsOnHostsOf(Map<String, String> crawl) {
            TreeSet<String> kept = new TreeSet<>();
            for (String alert : alerts) {
                if (onHostOf(crawl, alert.substring(alert.indexOf(' ') + 1))) {
                    kept.add(alert);
                }
            }
            return kept;
        }

        private static boolean onHostOf(Map<String, String> crawl, String url) {
            String host = SiteKey.host(url);
            return crawl.keySet().stream().anyMatch(u -> SiteKey.host(u).equals(host));
        }
    }

    /** {@code discover} then {@code detect} through the command line, on raw pages. */
    private Run blindRun(String name, Map<String, String> bodies, String... detectSettings) throws Exception {
        Path input = dir.resolve(name + ".jsonl");
        long time = FamilyFixture.START;
        try (BufferedWriter out = JsonLines.writer(input)) {
            for (Map.Entry<String, String> e : bodies.entrySet()) {
                Map<String, Object> line = new LinkedHashMap<>();
                line.put("url", e.getKey());
                line.put("fetched_at", java.time.Instant.ofEpochMilli(time).toString());
                line.put("status", 200);
                line.put("content_type", "text/html");
                line.put("body", e.getValue());
                out.write(Json.write(line));
                out.newLine();
                time += 1000;
            }
        }
        String state = "job.state-dir=" + dir.resolve(name + "-state");
        Path discovered = dir.resolve(name + "-discover");
        assertThat(Main.run("discover", "--input", input.toString(), "--out", discovered.toString(), "--set", state))
                .isZero();
        Path labels = discovered.resolve(DiscoveryOutput.LABELS);
        Path detected = dir.resolve(name + "-detect");
        List<String> detect = new ArrayList<>(List.of(
                "detect",
                "--input",
                input.toString(),
                "--labels",
                labels.toString(),
                "--out",
                detected.toString(),
                "--set",
                state));
        detect.addAll(List.of(detectSettings));
        assertThat(Main.run(detect.toArray(String[]::new))).isZero();

        Map<String, Boolean> verdicts = new TreeMap<>();
        for (String line : Files.readAllLines(detected.resolve("neighborhoods.jsonl"))) {
            var n = Json.MAPPER.readTree(line);
            verdicts.put(n.path("prefix").asText(), n.path("bad").asBoolean());
        }
        TreeSet<String> alerts = new TreeSet<>();
        for (String line : Files.readAllLines(detected.resolve("alerts.jsonl"))) {
            var a = Json.MAPPER.readTree(line);
            String where = a.hasNonNull("url")
                    ? a.path("url").asText()
                    : a.path("prefix").asText();
            alerts.add(a.path("type").asText() + ' ' + where);
        }
        return new Run(labels, verdicts, alerts);
    }
}
