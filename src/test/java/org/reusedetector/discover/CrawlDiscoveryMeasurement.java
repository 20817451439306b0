package org.reusedetector.discover;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.reusedetector.format.Json;
import org.reusedetector.format.JsonLines;
import org.reusedetector.labels.LabelIndex;
import org.reusedetector.labels.MapLabelStore;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.Label;
import org.reusedetector.model.PageRecord;
import org.reusedetector.model.PageScore;
import org.reusedetector.model.SourceRecord;
import org.reusedetector.page.HtmlChunker;
import org.reusedetector.page.PageHasher;
import org.reusedetector.page.PageRecordParser;
import org.reusedetector.page.Sha1;
import org.reusedetector.page.StopChunks;
import org.reusedetector.score.PageScorer;
import org.reusedetector.score.RunningStats;
import org.reusedetector.url.NormalizedUrl;

/**
 * Measures blind discovery on a synthetic crawl with known truth ({@code pages.jsonl.gz} + {@code truth.json}):
 * the thresholds chosen, the labels, whether labelled chunks sit on background hosts or on injected copies,
 * and what the detector's default scoring then flags (neighbourhood badness above mean + 1σ).
 *
 * <pre>java ... CrawlDiscoveryMeasurement [crawl-dir] [scale=0.35] [exponent=0.5] [fixed=N] [min-length=100]
 *     [min-hosts=3] [max-share=0.5] [show=N (list the N most frequent hashes with text)]
 *     [out=DIR (write the run's output directory and its report)]</pre>
 *
 * A tool, not a test: it needs the crawl, which is not part of the repository.
 */
public final class CrawlDiscoveryMeasurement {

    public static void main(String[] args) throws Exception {
        Path crawl = Path.of("/work/crawl/default");
        Map<String, String> opts = new HashMap<>();
        for (String a : args) {
            if (a.contains("=")) {
                opts.put(a.substring(0, a.indexOf('=')), a.substring(a.indexOf('=') + 1));
            } else {
                crawl = Path.of(a);
            }
        }
        DiscoveryParams params = DiscoveryParams.defaults("measure")
                .withMinChunkLength(Integer.parseInt(opts.getOrDefault("min-length", "100")))
                .withTemplate(new TemplateRule(Long.parseLong(opts.getOrDefault("min-hosts", "3")), Double.parseDouble(opts.getOrDefault("max-share", "0.5"))))
                .withThreshold(opts.containsKey("fixed") ? ThresholdRule.fixed(Long.parseLong(opts.get("fixed")))
                        : ThresholdRule.scaled(Double.parseDouble(opts.getOrDefault("scale", "0.35")),
                                Double.parseDouble(opts.getOrDefault("exponent", "0.5")), 3));

        Map<String, String> category = categories(crawl.resolve("truth.json"));
        HtmlChunker chunker = new HtmlChunker(Set.of("p", "div"), params.contentForm());
        PageHasher hasher = new PageHasher(chunker);
        Sha1 sha1 = new Sha1();
        PageRecordParser parser = new PageRecordParser(8 << 20);
        RecursionFilter recursion = CrawlDiscoveryMeasurement::repeatedSegment;
        HashCounter counter = new HashCounter(params, params.eligibility(), recursion);
        List<HashedPage> pages = new ArrayList<>();
        int rejected = 0;
        try (var records = JsonLines.records(crawl.resolve("pages.jsonl.gz"))) {
            while (records.hasNext()) {
                SourceRecord record = records.next();
                PageRecord page;
                try {
                    page = parser.parse(record.value());
                } catch (PageRecordParser.Rejected e) {
                    rejected++;
                    continue;
                }
                HashedPage hashed = hasher.hash(page.url(), page.fetchedAtMillis(), page.body());
                counter.add(hashed);
                if (opts.containsKey("show")) { // texts only for the review listing: chunking twice doubles the time
                    ChunkSample.of(page.body(), chunker, params.minChunkLength(), sha1).forEach(counter::addSample);
                }
                if (!recursion.isRecursion(page.url())) {
                    pages.add(hashed);
                }
            }
        }
        DiscoveryRun run = counter.finish();
        if (opts.containsKey("out")) { // a discovery output directory and its report, to look at
            Path out = Path.of(opts.get("out"));
            DiscoveryOutput.write(out, run);
            org.reusedetector.report.ReportWriter.write(out, out.resolve("report"));
        }
        DiscoverySummary s = run.summary();
        System.out.printf(Locale.ROOT, "pages %d (rejected by the parser %d, recursion %d, bad URL %d)%n", s.pages(), rejected, s.recursionPages(), s.invalidUrlPages());
        System.out.printf(Locale.ROOT, "threshold %s = chunks %d, files %d; template rule %s; min chunk length %d%n",
                s.thresholdRule(), s.chunkThreshold(), s.fileThreshold(), s.templateRule(), s.minChunkLength());
        System.out.printf(Locale.ROOT, "distinct chunks %d, files %d; frequent chunks %d, files %d; labels chunks %d, files %d; few hosts %d, concentrated %d%n",
                s.distinctChunks(), s.distinctFiles(), s.frequentChunks(), s.frequentFiles(), s.chunkLabels(), s.fileLabels(), s.fewHosts(), s.concentrated());

        // where do labelled (and rejected frequent) hashes occur?
        for (Verdict verdict : Verdict.values()) {
            Map<String, Integer> where = new TreeMap<>();
            for (HashCount c : run.frequent()) {
                if (c.verdict() == verdict) {
                    where.merge(c.kind() + " " + footprint(counter.hostPages(c.kind(), c.hash()).keySet(), category), 1, Integer::sum);
                }
            }
            if (!where.isEmpty()) {
                System.out.println(verdict + " by footprint: " + where);
            }
        }
        Map<String, int[]> bgHosts = new TreeMap<>();
        for (Label label : run.labels()) {
            for (Map.Entry<String, Integer> e : counter.hostPages(label.kind(), label.hash()).entrySet()) {
                if ("background".equals(category.get(e.getKey()))) {
                    int[] v = bgHosts.computeIfAbsent(e.getKey(), k -> new int[2]);
                    v[label.kind().equals(Label.KIND_FILE) ? 1 : 0]++;
                }
            }
        }
        System.out.println("background hosts carrying labels (host: chunk labels / file labels): " + bgHosts.size());
        bgHosts.forEach((h, v) -> System.out.printf(Locale.ROOT, "  %s: %d / %d%n", h, v[0], v[1]));
        detect(pages, run.labels(), category, opts.containsKey("out") ? Path.of(opts.get("out")).resolve("detect") : null);
        if (opts.containsKey("show")) {
            run.frequent().stream().limit(Integer.parseInt(opts.get("show"))).forEach(c -> System.out.printf(Locale.ROOT,
                    "  %s %s n=%d hosts=%d top=%d %s | %s%n", c.verdict(), c.kind(), c.count(), c.hosts(), c.topHostPages(),
                    footprint(counter.hostPages(c.kind(), c.hash()).keySet(), category), c.text() == null ? "" : c.text().substring(0, Math.min(70, c.text().length()))));
        }
    }

    /** Scores pages as the detector does by default and flags neighbourhoods above mean + 1σ (≥ 5 pages). */
    static void detect(List<HashedPage> pages, List<Label> labels, Map<String, String> category, Path out) throws java.io.IOException {
        LabelIndex index = new LabelIndex(new MapLabelStore());
        labels.forEach(index::apply);
        PageScorer scorer = new PageScorer(StopChunks.load(100, new HtmlChunker(Set.of("p", "div"), org.reusedetector.page.ContentForm.TEXT), true, null), 3);
        Map<String, RunningStats> neighbourhoods = new HashMap<>();
        Map<String, org.reusedetector.model.Evidence[]> evidence = new HashMap<>();
        List<String> pageLines = new ArrayList<>();
        for (HashedPage page : pages) {
            PageScore score = scorer.score(page, index);
            for (String prefix : parse(page.url()).prefixes(12)) {
                neighbourhoods.computeIfAbsent(prefix, k -> new RunningStats()).add(score.badness());
                if (score.evidence().length > 0) {
                    evidence.putIfAbsent(prefix, score.evidence());
                }
            }
            pageLines.add(Json.write(Map.of("url", page.url(), "chunks", score.chunks(), "matched_chunks", score.matchedChunks(),
                    "badness", score.badness(), "file_match", score.fileMatch(), "partial_target", score.badness() > 0.144)));
        }
        RunningStats all = new RunningStats();
        neighbourhoods.values().stream().filter(n -> n.count() >= 5).forEach(n -> all.add(n.mean()));
        double threshold = all.mean() + all.standardDeviation();
        Map<String, Integer> flagged = new TreeMap<>();
        Set<String> flaggedRoots = new HashSet<>();
        List<String> background = new ArrayList<>();
        for (Map.Entry<String, RunningStats> e : neighbourhoods.entrySet()) {
            if (e.getValue().count() >= 5 && e.getValue().mean() > threshold) {
                NormalizedUrl prefix = parse(e.getKey());
                String host = SiteKey.host(e.getKey());
                String cat = category.getOrDefault(host, "unknown");
                flagged.merge(cat, 1, Integer::sum);
                if (prefix.path().equals("/")) {
                    flaggedRoots.add(host);
                }
                if (cat.equals("background")) {
                    background.add(String.format(Locale.ROOT, "%s (%.3f)", e.getKey(), e.getValue().mean()));
                }
            }
        }
        if (out != null) { // the shape of a detection output directory, to look at its report
            java.nio.file.Files.createDirectories(out);
            java.nio.file.Files.write(out.resolve("pages.jsonl"), pageLines);
            List<String> rows = new ArrayList<>();
            List<String> alerts = new ArrayList<>();
            neighbourhoods.forEach((prefix, stats) -> {
                if (stats.count() >= 5) {
                    boolean bad = stats.mean() > threshold;
                    rows.add(Json.write(Map.of("prefix", prefix, "pages", stats.count(), "badness", stats.mean(), "bad", bad)));
                    if (bad) {
                        alerts.add(Json.write(new org.reusedetector.model.Alert("neighborhood", null, prefix, stats.mean(), threshold, stats.count(),
                                null, null, "2026-01-01T00:00:00Z", "2026-01-01T00:00:00Z", evidence.get(prefix))));
                    }
                }
            });
            java.nio.file.Files.write(out.resolve("neighborhoods.jsonl"), rows);
            java.nio.file.Files.write(out.resolve("alerts.jsonl"), alerts);
            java.nio.file.Files.writeString(out.resolve("summary.json"), Json.write(Map.of("pages", pages.size(), "neighborhoods", all.count(),
                    "badness_mean", all.mean(), "badness_std", all.standardDeviation(), "page_threshold", 0.144, "neighborhood_threshold", threshold)));
            org.reusedetector.report.ReportWriter.write(out, out.resolve("report"));
        }
        System.out.printf(Locale.ROOT, "detection: %d neighbourhoods (>= 5 pages), badness mean %.3f sd %.3f, threshold %.3f; flagged by category %s%n",
                all.count(), all.mean(), all.standardDeviation(), threshold, flagged);
        for (String cat : List.of("mirror", "adwrap")) {
            long hosts = category.values().stream().filter(cat::equals).count();
            long hit = flaggedRoots.stream().filter(h -> cat.equals(category.get(h))).count();
            System.out.printf(Locale.ROOT, "  %s hosts flagged at the host level: %d / %d%n", cat, hit, hosts);
        }
        System.out.println("  background neighbourhoods flagged: " + background);
        List<String> worst = neighbourhoods.entrySet().stream()
                .filter(e -> parse(e.getKey()).path().equals("/") && "background".equals(category.get(SiteKey.host(e.getKey()))))
                .sorted((a, b) -> Double.compare(b.getValue().mean(), a.getValue().mean())).limit(5)
                .map(e -> String.format(Locale.ROOT, "%s %.3f", SiteKey.host(e.getKey()), e.getValue().mean())).toList();
        System.out.println("  highest background host badness: " + worst);
    }

    static String footprint(Set<String> hosts, Map<String, String> category) {
        Set<String> cats = new java.util.TreeSet<>();
        for (String h : hosts) {
            cats.add(category.getOrDefault(h, "unknown"));
        }
        if (cats.equals(Set.of("background"))) {
            return "background-only";
        }
        return cats.contains("background") ? "background+" + String.join("+", cats.stream().filter(c -> !c.equals("background")).toList())
                : "injected-only:" + String.join("+", cats);
    }

    /** Stand-in for the project's recursion rule: a path segment repeated three times in a row. */
    static boolean repeatedSegment(String url) {
        List<String> segments = parse(url).segments();
        for (int i = 2; i < segments.size(); i++) {
            if (segments.get(i).equals(segments.get(i - 1)) && segments.get(i).equals(segments.get(i - 2))) {
                return true;
            }
        }
        return false;
    }

    static NormalizedUrl parse(String url) {
        try {
            return NormalizedUrl.parse(url);
        } catch (org.reusedetector.url.InvalidUrlException e) {
            throw new IllegalArgumentException(e);
        }
    }

    /** Host → scenario kind ("background", "mirror", "adwrap", ...), with hosts keyed like {@link SiteKey}. */
    static Map<String, String> categories(Path truthFile) throws Exception {
        JsonNode truth = Json.MAPPER.readTree(truthFile.toFile());
        Map<String, String> category = new HashMap<>();
        truth.path("background_hosts").forEach(h -> category.put(SiteKey.host("https://" + h.asText() + "/"), "background"));
        for (JsonNode scenario : truth.path("scenarios")) {
            String kind = scenario.path("kind").asText();
            scenario.path("bad_hosts").forEach(h -> category.put(SiteKey.host("https://" + h.asText() + "/"), kind));
            scenario.path("copies").forEach(c -> category.put(SiteKey.host("https://" + c.path("host").asText() + "/"), kind));
            scenario.path("clones").forEach(c -> category.put(SiteKey.host("https://" + c.path("host").asText() + "/"), kind));
            scenario.path("pages").forEach(p -> category.putIfAbsent(SiteKey.host(p.path("url").asText()), kind));
            if (!kind.equals("recursion")) {
                scenario.path("urls").forEach(u -> category.putIfAbsent(SiteKey.host(u.asText()), kind));
            }
        }
        return category;
    }

    private CrawlDiscoveryMeasurement() {}
}
