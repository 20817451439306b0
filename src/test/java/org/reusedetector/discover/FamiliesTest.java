package org.reusedetector.discover;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.reusedetector.connector.PojoTypes;
import org.reusedetector.model.Label;

class FamiliesTest {

    static final String ID = "f0000000000000abc";

    static FamilyHost host(String host, String site, long pages, long sitePages, long siteOwnPages, long firstFetch) {
        return host(host, site, pages, sitePages, siteOwnPages, firstFetch, false);
    }

    static FamilyHost host(
            String host,
            String site,
            long pages,
            long sitePages,
            long siteOwnPages,
            long firstFetch,
            boolean everyPage) {
        return new FamilyHost(
                ID,
                host,
                site,
                pages,
                pages * 3,
                0,
                pages + 1,
                pages * 4,
                sitePages,
                siteOwnPages,
                firstFetch,
                "https://" + host + "/first.html",
                everyPage);
    }

    static FamilyLabels labels(long chunks, long files, long stops) {
        return new FamilyLabels(ID, chunks, files, stops, 2, "ab", 5, "https://author.org/a.html", "Some text");
    }

    @Test
    void aFamilyIdIsTheFingerprintOfItsHostsInHexWhateverTheirOrder() {
        long one = HostSets.fingerprint("a.org") + HostSets.fingerprint("b.net") + HostSets.fingerprint("c.com");
        long other = HostSets.fingerprint("c.com") + HostSets.fingerprint("a.org") + HostSets.fingerprint("b.net");

        assertThat(Families.id(one)).isEqualTo(Families.id(other)).matches("f[0-9a-f]{16}");
        assertThat(Families.id(0x1234L)).isEqualTo("f0000000000001234");
        assertThat(Families.id(-1L)).isEqualTo("fffffffffffffffff");
    }

    @Test
    void aPublishedHashNamesTheFamilyOfItsHostSetAndItsLabelCarriesIt() {
        Tally t = new Tally(Label.KIND_CHUNK, "ab", 6, 3, 2, 42L, 2, "https://a.org/", "text", 5);

        HashCount labelled = t.toCount(Verdict.LABEL, 7);
        assertThat(labelled.family()).isEqualTo(Families.id(42L));
        assertThat(labelled.toLabel("discover:r").family()).isEqualTo(Families.id(42L));
        assertThat(t.toCount(Verdict.STOP, 0).toLabel("discover:r").family()).isEqualTo(Families.id(42L));
        assertThat(t.toCount(Verdict.SMALL_GROUP, 2).family()).isNull();
        assertThat(labelled.judged(Verdict.SMALL_GROUP, 2, 42L).family()).isNull();
        assertThat(labelled.judged(Verdict.LABEL, 9, 43L).family()).isEqualTo(Families.id(43L));
    }

    @Test
    void aFamilyWithFilesIsAMirrorWithChunksOnlyPartialWithStopChunksOnlyATemplate() {
        HashCount file = new HashCount("f1", Label.KIND_FILE, 6, 3, 2, 2, 9, "https://a.org/", null, Verdict.LABEL, ID);
        HashCount chunk =
                new HashCount("c1", Label.KIND_CHUNK, 6, 3, 2, 2, 9, "https://a.org/", "x", Verdict.LABEL, ID);
        HashCount stop =
                new HashCount("s1", Label.KIND_CHUNK, 60, 3, 2, 20, 0, "https://a.org/", "y", Verdict.STOP, ID);

        assertThat(FamilyLabels.of(file).merge(FamilyLabels.of(chunk)).kind()).isEqualTo(Families.MIRROR);
        assertThat(FamilyLabels.of(chunk).merge(FamilyLabels.of(stop)).kind()).isEqualTo(Families.PARTIAL);
        assertThat(FamilyLabels.of(stop).kind()).isEqualTo(Families.TEMPLATE);
        FamilyLabels all = FamilyLabels.of(stop).merge(FamilyLabels.of(file)).merge(FamilyLabels.of(chunk));
        assertThat(List.of(all.chunks(), all.files(), all.stops())).containsExactly(1L, 1L, 1L);
    }

    @Test
    void theExampleIsTheChunkOnMostPagesWhateverTheOrderOfMerging() {
        List<FamilyLabels> parts = new ArrayList<>();
        parts.add(FamilyLabels.of(
                new HashCount("bb", Label.KIND_CHUNK, 4, 3, 2, 2, 9, "https://a.org/1", "four", Verdict.LABEL, ID)));
        parts.add(FamilyLabels.of(
                new HashCount("aa", Label.KIND_CHUNK, 7, 3, 2, 3, 9, "https://a.org/2", "seven", Verdict.LABEL, ID)));
        parts.add(FamilyLabels.of(new HashCount(
                "cc", Label.KIND_CHUNK, 7, 3, 2, 3, 9, "https://a.org/3", "seven too", Verdict.LABEL, ID)));
        parts.add(FamilyLabels.of(
                new HashCount("dd", Label.KIND_FILE, 9, 3, 2, 3, 9, "https://a.org/4", null, Verdict.LABEL, ID)));

        FamilyLabels forward =
                parts.get(0).merge(parts.get(1)).merge(parts.get(2)).merge(parts.get(3));
        FamilyLabels backward =
                parts.get(3).merge(parts.get(2).merge(parts.get(1))).merge(parts.get(0));
        assertThat(forward).isEqualTo(backward);
        assertThat(forward.exampleText()).isEqualTo("seven"); // a chunk before a file; of equal pages the smaller hash
        assertThat(forward.exampleUrl()).isEqualTo("https://a.org/2");
    }

    @Test
    void aFamilyRecordSumsItsHostsJudgesTheirSitesAndNamesItsFirstFetch() {
        List<FamilyHost> hosts = new ArrayList<>();
        hosts.add(host("docs.author.org", "author.org", 17, 526, 461, 5_000));
        for (int m = 0; m < 3; m++) {
            hosts.add(host("m" + m + ".farm.net", "farm.net", 17, 680, 0, 1_000 + m));
        }

        Family family = Families.assemble(labels(40, 17, 1), hosts);

        assertThat(family.id()).isEqualTo(ID);
        assertThat(family.kind()).isEqualTo(Families.MIRROR);
        assertThat(List.of(family.chunks(), family.files(), family.stopChunks()))
                .containsExactly(40L, 17L, 1L);
        assertThat(family.pages()).isEqualTo(4 * 17);
        assertThat(family.hostCount()).isEqualTo(4);
        assertThat(family.exampleText()).isEqualTo("Some text");
        // the crawler fetched a copy first: reported, but no evidence of who copied whom
        assertThat(family.firstSeen())
                .isEqualTo(
                        new Family.FirstSeen("m0.farm.net", "https://m0.farm.net/first.html", "1970-01-01T00:00:01Z"));
        assertThat(family.hosts())
                .extracting(Family.Member::host)
                .containsExactly("docs.author.org", "m0.farm.net", "m1.farm.net", "m2.farm.net");
        Family.Member source = family.hosts()[0];
        assertThat(source.side()).isEqualTo(CopySide.SOURCE);
        assertThat(source.share()).isEqualTo(0.75); // 3 of the 4 chunks a page
        assertThat(List.of(source.hostPages(), source.sitePages(), source.siteOwnPages()))
                .containsExactly(18L, 526L, 461L);
        assertThat(List.of(family.hosts()).subList(1, 4))
                .allSatisfy(m -> assertThat(m.side()).isEqualTo(CopySide.COPIER));
        assertThat(source.confidence())
                .isEqualTo(family.hosts()[1].confidence())
                .isBetween(0.8, 0.9);
    }

    @Test
    void theHostsOfATemplateFamilyAreAllUnclear() {
        List<FamilyHost> hosts = List.of(
                host("docs.author.org", "author.org", 17, 526, 461, 5), host("m0.farm.net", "farm.net", 17, 680, 0, 6));

        Family family = Families.assemble(labels(0, 0, 2), hosts);

        assertThat(family.kind()).isEqualTo(Families.TEMPLATE);
        assertThat(family.hosts()).extracting(Family.Member::side).containsOnly(CopySide.UNCLEAR);
    }

    @Test
    void aLongListOfHostsIsCappedWithTheSourceListedFirstEvenWithTheFewestPages() {
        List<FamilyHost> hosts = new ArrayList<>();
        hosts.add(host("author.org", "author.org", 1, 900, 800, 5));
        for (int m = 0; m < 80; m++) {
            hosts.add(host(String.format("m%02d.farm.net", m), "farm.net", 2 + m % 3, 4000, 0, 6));
        }

        Family family = Families.assemble(labels(10, 0, 0), hosts);

        assertThat(family.hostCount()).isEqualTo(81);
        assertThat(family.hosts()).hasSize(Families.MAX_LISTED_HOSTS);
        assertThat(family.hosts()).extracting(Family.Member::host).contains("author.org");
        assertThat(family.hosts()[family.hosts().length - 1].host()).isEqualTo("author.org"); // most pages first
        assertThat(family.hosts()[0].pages()).isEqualTo(4);
        assertThat(family.pages())
                .isEqualTo(
                        1 + hosts.stream().skip(1).mapToLong(FamilyHost::pages).sum());
    }

    @Test
    void adFarmsThatWrapEveryPageInTextOfTheirOwnLeaveTheAuthorTheSource() {
        // every page of the farm's hosts shows the family (its content or its stop chunks) wrapped in unique text
        List<FamilyHost> hosts = List.of(
                host("book.author.org", "author.org", 15, 1005, 914, 3),
                host("news0.farm.com", "farm.com", 15, 720, 540, 1, true),
                host("news1.farm.com", "farm.com", 15, 720, 540, 2, true));

        Family family = Families.assemble(labels(71, 0, 4), hosts);

        assertThat(family.hosts())
                .extracting(Family.Member::host, Family.Member::side)
                .containsExactlyInAnyOrder(
                        tuple("book.author.org", CopySide.SOURCE),
                        tuple("news0.farm.com", CopySide.UNCLEAR),
                        tuple("news1.farm.com", CopySide.UNCLEAR));
        assertThat(Families.sourceUrls(List.of(family))).containsEntry(ID, "https://book.author.org/");
    }

    @Test
    void aCloneWithPagesOfItsOwnKeepsTheFamilyUnclear() {
        // one of the clone site's hosts has pages without the family: it shows more than the family's site
        List<FamilyHost> hosts = List.of(
                host("book.author.org", "author.org", 15, 1005, 914, 3),
                host("wiki0.clone.org", "clone.org", 15, 720, 540, 1, true),
                host("wiki1.clone.org", "clone.org", 15, 720, 540, 2, false));

        Family family = Families.assemble(labels(71, 0, 4), hosts);

        assertThat(family.hosts()).extracting(Family.Member::side).containsOnly(CopySide.UNCLEAR);
        assertThat(Families.sourceUrls(List.of(family))).isEmpty();
    }

    @Test
    void hostsWithoutPublishedHashesAreNoFamily() {
        assertThat(Families.assemble(null, List.of(host("a.org", "a.org", 1, 1, 0, 1))))
                .isNull();
        Family empty = Families.assemble(labels(3, 0, 0), List.of());
        assertThat(empty.hosts()).isEmpty();
        assertThat(empty.firstSeen()).isNull();
    }

    @Test
    void aSiteTellsEachOfItsFamilyHostsTheSiteTotals() {
        List<FamilyPage> families = List.of(
                new FamilyPage("f1", "docs.author.org", 6, 5, 20, 5, 9, "https://docs.author.org/a"),
                new FamilyPage("f2", "docs.author.org", 2, 0, 0, 0, 3, "https://docs.author.org/b"));
        List<HostPages> hosts = List.of(
                new HostPages("docs.author.org", 10, 9, 3, 40),
                new HostPages("blog.author.org", 20, 20, 20, 60),
                new HostPages("blog.author.org", 1, 0, 0, 0));

        List<FamilyHost> evidence = Families.ofSite("author.org", families, hosts);

        assertThat(evidence)
                .containsExactly(
                        // pages with the family's content; 9 + 20 pages with text, 3 + 20 of them the site's own
                        new FamilyHost(
                                "f1",
                                "docs.author.org",
                                "author.org",
                                5,
                                20,
                                5,
                                10,
                                40,
                                29,
                                23,
                                9,
                                "https://docs.author.org/a",
                                false),
                        // a template family: its pages are those with its stop chunks
                        new FamilyHost(
                                "f2",
                                "docs.author.org",
                                "author.org",
                                2,
                                0,
                                0,
                                10,
                                40,
                                29,
                                23,
                                3,
                                "https://docs.author.org/b",
                                false));
        assertThat(evidence.get(0).share()).isEqualTo(0.5);
        assertThat(Families.ofSite("author.org", List.of(), hosts)).isEmpty();
    }

    @Test
    void familiesAreOrderedByPagesThenId() {
        Family a = new Family("fb", Families.PARTIAL, 1, 0, 0, 10, 3, null, null, null, new Family.Member[0]);
        Family b = new Family("fa", Families.PARTIAL, 1, 0, 0, 10, 3, null, null, null, new Family.Member[0]);
        Family c = new Family("fc", Families.MIRROR, 1, 1, 0, 30, 3, null, null, null, new Family.Member[0]);
        List<Family> all = new ArrayList<>(List.of(a, b, c));
        all.sort(Families.ORDER);
        assertThat(all).containsExactly(c, b, a);
    }

    @Test
    void theFamilyRecordsAreFlinkPojos() {
        for (Class<?> type :
                List.of(Family.class, FamilyPage.class, FamilyHost.class, FamilyLabels.class, HostPages.class)) {
            assertThat(PojoTypes.of(type)).isNotNull();
        }
    }

    @Test
    void aFamilysSourceIsTheRootOfItsSourceHostWithTheMostPages() {
        Family.Member source = new Family.Member("docs.author.org", 6, 0.5, CopySide.SOURCE, 0.6, 12, 20, 8);
        Family.Member otherSource = new Family.Member("www.author.org", 2, 0.5, CopySide.SOURCE, 0.6, 4, 20, 8);
        Family.Member copier = new Family.Member("m1.farm.net", 6, 1.0, CopySide.COPIER, 0.6, 6, 6, 0);
        Family.Member unclear = new Family.Member("m2.farm.net", 6, 1.0, CopySide.UNCLEAR, 0, 6, 6, 0);
        Family sourced = new Family(
                "f1", Families.PARTIAL, 12, 0, 0, 18, 3, null, "http://m1.farm.net/p1.html", null, new Family.Member[] {
                    copier, otherSource, source
                });
        Family unclearSides = new Family(
                "f2",
                Families.PARTIAL,
                12,
                0,
                0,
                12,
                2,
                null,
                "https://m2.farm.net/p1.html",
                null,
                new Family.Member[] {unclear, copier});
        assertThat(Families.sourceUrls(java.util.List.of(sourced, unclearSides)))
                .containsExactly(java.util.Map.entry("f1", "http://docs.author.org/"));
    }
}
