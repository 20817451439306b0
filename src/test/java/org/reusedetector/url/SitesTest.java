package org.reusedetector.url;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SitesTest {

    @Test
    void hostsOfOnePublisherShareTheirRegistrableDomain() {
        assertThat(Sites.of("fr-fr.debian-handbook.org")).isEqualTo("debian-handbook.org");
        assertThat(Sites.of("www.debian-handbook.org")).isEqualTo("debian-handbook.org");
        assertThat(Sites.of("mirror3.parked-tutorial-pyt.net")).isEqualTo("parked-tutorial-pyt.net");
    }

    @Test
    void multiLabelPublicSuffixesAreRespected() {
        assertThat(Sites.of("news.bbc.co.uk")).isEqualTo("bbc.co.uk");
        assertThat(Sites.of("alice.github.io"))
                .isEqualTo("alice.github.io"); // github.io is a public (private-section) suffix
        assertThat(Sites.of("bob.github.io")).isNotEqualTo(Sites.of("alice.github.io"));
    }

    @Test
    void portsCaseAndAddressesAreHandled() {
        assertThat(Sites.of("WWW.Example.COM:8080")).isEqualTo("example.com");
        assertThat(Sites.of("192.168.1.10")).isEqualTo("192.168.1.10");
        assertThat(Sites.of("localhost")).isEqualTo("localhost");
        assertThat(Sites.of("co.uk")).isEqualTo("co.uk");
    }

    @Test
    void siteOfUrl() {
        assertThat(Sites.ofUrl("https://user@docs.python.org:443/3/library/?q=1"))
                .isEqualTo("python.org");
        assertThat(Sites.ofUrl("not a url")).isNull();
    }
}
