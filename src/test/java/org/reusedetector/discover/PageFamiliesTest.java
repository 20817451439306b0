package org.reusedetector.discover;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.reusedetector.page.Sha1;

class PageFamiliesTest {

    static final String MIRROR = "f00000000000000aa";
    static final String OTHER = "f00000000000000bb";
    static final String TEMPLATE = "f00000000000000cc";

    static byte[] hash(String text) {
        return Sha1.of(text);
    }

    static PageHashes page(String url, long time, boolean file, String... texts) {
        byte[] hashes = new byte[texts.length * Sha1.LENGTH];
        for (int i = 0; i < texts.length; i++) {
            System.arraycopy(hash(texts[i]), 0, hashes, i * Sha1.LENGTH, Sha1.LENGTH);
        }
        return new PageHashes(0, url, null, "host.org", time, PageHashes.COUNTED, file, hashes);
    }

    static FamilyIndex index() {
        FamilyIndex index = new FamilyIndex();
        index.add(Sha1.hex(hash("file")), MIRROR, true);
        index.add(Sha1.hex(hash("content 1")), MIRROR, true);
        index.add(Sha1.hex(hash("content 2")), MIRROR, true);
        index.add(Sha1.hex(hash("header")), MIRROR, false); // the source's header, copied with it: a stop chunk
        index.add(Sha1.hex(hash("quoted")), OTHER, true);
        index.add(Sha1.hex(hash("generator")), TEMPLATE, false);
        return index;
    }

    @Test
    void aPageHoldsEachFamilyOnceWithItsChunksItsFileAndItsStopChunks() {
        List<FamilyPage> out = new ArrayList<>();
        HostPages host = new PageFamilies(index())
                .of(
                        page(
                                "https://host.org/a",
                                7,
                                true,
                                "file",
                                "header",
                                "content 1",
                                "content 2",
                                "quoted",
                                "own"),
                        out::add);

        assertThat(out)
                .containsExactlyInAnyOrder(
                        new FamilyPage(MIRROR, "host.org", 1, 1, 2, 1, 7, "https://host.org/a"),
                        new FamilyPage(OTHER, "host.org", 1, 1, 1, 0, 7, "https://host.org/a"));
        // five chunks besides the file; labelled content: not a page of its own
        assertThat(host).isEqualTo(new HostPages("host.org", 1, 1, 0, 5));
    }

    @Test
    void aPageWithOnlyStopChunksHoldsTheirFamilyButIsAPageOfItsOwn() {
        List<FamilyPage> out = new ArrayList<>();
        HostPages host =
                new PageFamilies(index()).of(page("https://host.org/b", 8, false, "generator", "own"), out::add);

        assertThat(out).containsExactly(new FamilyPage(TEMPLATE, "host.org", 1, 0, 0, 0, 8, "https://host.org/b"));
        assertThat(host).isEqualTo(new HostPages("host.org", 1, 1, 1, 2));
    }

    @Test
    void aPageWithoutEligibleChunksHasNoText() {
        List<FamilyPage> out = new ArrayList<>();
        HostPages host = new PageFamilies(index()).of(page("https://host.org/c", 9, false), out::add);

        assertThat(out).isEmpty();
        assertThat(host).isEqualTo(new HostPages("host.org", 1, 0, 0, 0));
    }

    @Test
    void aFileLabelAloneMakesAPageHoldItsFamily() {
        List<FamilyPage> out = new ArrayList<>();
        new PageFamilies(index()).of(page("https://host.org/d", 1, true, "file", "own"), out::add);

        assertThat(out).containsExactly(new FamilyPage(MIRROR, "host.org", 1, 1, 0, 1, 1, "https://host.org/d"));
    }

    @Test
    void partsOfAFamilyOnAHostAddUpAndKeepTheEarliestFetch() {
        FamilyPage a = new FamilyPage(MIRROR, "host.org", 1, 1, 2, 1, 9, "https://host.org/a");
        FamilyPage b = new FamilyPage(MIRROR, "host.org", 1, 0, 0, 0, 5, "https://host.org/z");
        FamilyPage c = new FamilyPage(MIRROR, "host.org", 1, 1, 3, 0, 5, "https://host.org/b");

        FamilyPage sum = a.add(b).add(c);
        assertThat(sum).isEqualTo(new FamilyPage(MIRROR, "host.org", 3, 2, 5, 1, 5, "https://host.org/b"));
        assertThat(c.add(b).add(a)).isEqualTo(sum);
        assertThat(sum.key()).isEqualTo(MIRROR + "@host.org");
    }
}
