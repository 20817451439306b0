package org.reusedetector.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class PrefixVerdictTest {

    private static Alert bad(String prefix, long time) {
        return Alert.neighborhood(prefix, 0.5, 0.2, 4, time, new Evidence[0], null, 0.4, 0.6);
    }

    @Test
    void foldingTheAlertsKeepsEachPrefixsLatestVerdictAndAClearedRemovesIt() {
        List<Alert> alerts = List.of(
                bad("https://a.example/", 1000),
                Alert.nearDuplicate("https://b.example/p.html", 1000, "corpus#0", null),
                bad("https://b.example/", 2000),
                Alert.cleared("https://a.example/", 0.1, 0.2, 4, 3000),
                bad("https://c.example/", 4000),
                Alert.cleared("https://c.example/", 0.1, 0.2, 4, 5000),
                bad("https://c.example/", 6000),
                // a page's cleared (keyed label mode) says nothing of a neighbourhood
                new Alert(
                        AlertType.CLEARED,
                        "https://b.example/p.html",
                        null,
                        0.1,
                        0.5,
                        null,
                        10,
                        1,
                        "1970-01-01T00:00:07Z",
                        "1970-01-01T00:00:07Z",
                        new Evidence[0],
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null));

        var table = PrefixVerdict.fold(alerts);

        assertThat(table).containsOnlyKeys("https://b.example/", "https://c.example/");
        assertThat(table.get("https://c.example/").since()).isEqualTo("1970-01-01T00:00:06Z");
        assertThat(table.get("https://b.example/").bad()).isTrue();
        assertThat(table.get("https://b.example/").copies()).isEmpty();
    }

    @Test
    void aClearedAlertIsATombstoneAndOtherAlertsHaveNoVerdict() {
        assertThat(PrefixVerdict.of(Alert.cleared("https://a.example/", 0.1, 0.2, 4, 3000)))
                .isNull();
        Alert page = Alert.nearDuplicate("https://b.example/p.html", 1000, "corpus#0", null);
        assertThat(PrefixVerdict.changesVerdict(page)).isFalse();
        assertThatThrownBy(() -> PrefixVerdict.of(page)).isInstanceOf(IllegalArgumentException.class);
    }
}
