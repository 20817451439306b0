package org.reusedetector.discover;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CopySideTest {

    static Map<String, CopySide.SiteText> sites(Object... siteThenPagesThenOwn) {
        Map<String, CopySide.SiteText> sites = new LinkedHashMap<>();
        for (int i = 0; i < siteThenPagesThenOwn.length; i += 3) {
            sites.put((String) siteThenPagesThenOwn[i], new CopySide.SiteText((int) siteThenPagesThenOwn[i + 1], (int)
                    siteThenPagesThenOwn[i + 2]));
        }
        return sites;
    }

    @Test
    void theWilsonLowerBoundGrowsWithThePagesSeen() {
        assertThat(CopySide.lowerBound(1, 1)).isCloseTo(0.2699, within(1e-4));
        assertThat(CopySide.lowerBound(100, 100)).isCloseTo(0.9737, within(1e-4));
        assertThat(CopySide.lowerBound(0, 50)).isZero();
        assertThat(CopySide.lowerBound(0, 0)).isZero();
        assertThat(CopySide.lowerBound(30, 60)).isBetween(0.39, 0.5);
        assertThat(new CopySide.SiteText(0, 0).hi()).isEqualTo(1.0); // nothing seen: anything is possible
    }

    @Test
    void aSourceWithTextOfItsOwnAgainstCopiesWithNoneIsTheSourceAndTheyAreCopiers() {
        // the mirror of a documentation site: the author's site has 461 of 526 pages of its own, the farm none of 680
        Map<String, CopySide.Judgement> sides = CopySide.judge(sites("author.org", 526, 461, "farm.net", 680, 0));

        assertThat(sides.get("author.org").side()).isEqualTo(CopySide.SOURCE);
        assertThat(sides.get("farm.net").side()).isEqualTo(CopySide.COPIER);
        double gap = new CopySide.SiteText(526, 461).lo() - new CopySide.SiteText(680, 0).hi();
        assertThat(sides.get("author.org").confidence()).isCloseTo(gap, within(1e-12));
        assertThat(sides.get("farm.net").confidence()).isCloseTo(gap, within(1e-12));
        assertThat(gap).isBetween(0.8, 0.9);
    }

    @Test
    void aSourceMostlyCopiedIsStillTheSourceOfCopiesThatHoldNothingElse() {
        // 24 of its 90 pages are its own: little, but more than an ad farm's none
        Map<String, CopySide.Judgement> sides = CopySide.judge(sites("author.org", 90, 24, "ads.com", 720, 0));

        assertThat(sides.get("author.org").side()).isEqualTo(CopySide.SOURCE);
        assertThat(sides.get("ads.com").side()).isEqualTo(CopySide.COPIER);
        assertThat(sides.get("ads.com").confidence()).isBetween(0.1, 0.3);
    }

    @Test
    void copiesOfASourceThatPublishesNothingElseCannotBeToldFromIt() {
        Map<String, CopySide.Judgement> sides = CopySide.judge(sites("author.org", 17, 0, "farm.net", 680, 0));

        assertThat(sides.values()).containsOnly(CopySide.Judgement.UNCLEAR_SIDE);
    }

    @Test
    void aSiteWithTextOfItsOwnIsNoCopierEvenWhenTheSourceHasMore() {
        // a clone with pages of its own, or a rewritten copy: its own share cannot say which
        Map<String, CopySide.Judgement> sides = CopySide.judge(sites("author.org", 993, 888, "clone.org", 218, 89));

        assertThat(sides.values()).containsOnly(CopySide.Judgement.UNCLEAR_SIDE);
    }

    @Test
    void withNoCopierTheSiteWithTheMostTextOfItsOwnBeyondTheNoiseOfEverySiteIsTheSource() {
        // an ad farm wraps every copied page in text of its own (its share of own pages is high, but the author's
        // is higher beyond the noise of both counts)
        Map<String, CopySide.Judgement> sides = CopySide.judge(Map.of(
                "author.org", new CopySide.SiteText(1005, 914), "ads.com", new CopySide.SiteText(720, 540, true)));

        assertThat(sides.get("author.org").side()).isEqualTo(CopySide.SOURCE);
        assertThat(sides.get("author.org").confidence())
                .isCloseTo(CopySide.lowerBound(914, 1005) - (1 - CopySide.lowerBound(180, 720)), within(1e-12));
        assertThat(sides.get("ads.com")).isEqualTo(CopySide.Judgement.UNCLEAR_SIDE);
    }

    @Test
    void withNoCopierASiteThatShowsMoreThanTheFamilyKeepsItUnclear() {
        // the same counts, but the other site's hosts have pages without the family: a clone with pages of its own
        Map<String, CopySide.Judgement> sides = CopySide.judge(Map.of(
                "author.org", new CopySide.SiteText(1005, 914), "ads.com", new CopySide.SiteText(720, 540, false)));

        assertThat(sides.values()).containsOnly(CopySide.Judgement.UNCLEAR_SIDE);
    }

    @Test
    void withNoCopierSitesWhoseBoundsOverlapAreAllUnclear() {
        // 80 % against 75 %, but 40 pages leave the smaller site's share too uncertain to rank them
        Map<String, CopySide.Judgement> sides = CopySide.judge(
                Map.of("author.org", new CopySide.SiteText(1005, 804), "ads.com", new CopySide.SiteText(40, 30, true)));

        assertThat(sides.values()).containsOnly(CopySide.Judgement.UNCLEAR_SIDE);
    }

    @Test
    void twoPublishersThatCannotBeToldApartAreBothUnclearWhileTheirCopiesAreCopiers() {
        Map<String, CopySide.Judgement> sides =
                CopySide.judge(sites("one.org", 100, 80, "two.org", 100, 80, "farm.net", 300, 0));

        assertThat(sides.get("one.org")).isEqualTo(CopySide.Judgement.UNCLEAR_SIDE);
        assertThat(sides.get("two.org")).isEqualTo(CopySide.Judgement.UNCLEAR_SIDE);
        assertThat(sides.get("farm.net").side()).isEqualTo(CopySide.COPIER);
    }

    @Test
    void aSmallCopierSiteIsUnclearItsPagesAreTooFewToShowItHasNextToNoTextOfItsOwn() {
        // 24 pages without one of its own still allow a tenth of own pages at 95%; 25 do not
        assertThat(CopySide.judge(sites("author.org", 500, 450, "farm.net", 24, 0))
                        .get("farm.net"))
                .isEqualTo(CopySide.Judgement.UNCLEAR_SIDE);
        assertThat(CopySide.judge(sites("author.org", 500, 450, "farm.net", 25, 0))
                        .get("farm.net")
                        .side())
                .isEqualTo(CopySide.COPIER);
    }

    @Test
    void aSiteWithoutTextIsUnclear() {
        Map<String, CopySide.Judgement> sides =
                CopySide.judge(sites("author.org", 500, 450, "empty.org", 0, 0, "farm.net", 300, 0));

        assertThat(sides.get("empty.org")).isEqualTo(CopySide.Judgement.UNCLEAR_SIDE);
        assertThat(sides.get("author.org").side()).isEqualTo(CopySide.SOURCE);
    }

    @Test
    void everySiteCanBeDeclaredUnclear() {
        assertThat(CopySide.unclear(java.util.List.of("a.org", "b.org")))
                .containsOnlyKeys("a.org", "b.org")
                .containsValue(CopySide.Judgement.UNCLEAR_SIDE);
    }
}
