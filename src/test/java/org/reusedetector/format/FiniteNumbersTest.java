package org.reusedetector.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.reusedetector.model.Alert;
import org.reusedetector.model.AlertType;
import org.reusedetector.model.Copy;
import org.reusedetector.model.Evidence;

/**
 * No JSON of the neighbourhood path holds a non-finite number: a value not known yet (the threshold before the
 * stream's statistic is ready, the statistic of a corpus with no counted neighbourhood) is left out. The operators'
 * own outputs are checked where they are tested ({@code NeighbourhoodFunctionsTest}, {@code JudgeNeighbourhoodsTest}).
 */
class FiniteNumbersTest {

    @Test
    void theCheckFailsOnANonFiniteNumber() {
        Alert raw = new Alert(
                AlertType.NEIGHBORHOOD,
                null,
                "https://a.org/",
                0.1,
                Double.NaN,
                3L,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                Double.NEGATIVE_INFINITY,
                1.0);
        assertThatThrownBy(() -> FiniteNumbers.assertFiniteJson(raw))
                .hasMessageContaining("$.threshold")
                .hasMessageContaining("$.badness_low");
    }

    @Test
    void neighbourhoodAlertsLeaveOutAThresholdNotKnownYet() throws Exception {
        Copy copy = new Copy("src.org", 0.35, 35, 100, "https://src.org/");
        Alert bad = Alert.neighborhood(
                "https://a.org/", 0.02, Double.NaN, 2, 0L, new Evidence[0], new Copy[] {copy}, 0.0, 1.0);
        Alert cleared = Alert.cleared("https://a.org/", 0.0, Double.NaN, 0, 0L);
        for (Alert alert : new Alert[] {bad, cleared}) {
            FiniteNumbers.assertFiniteJson(alert);
            assertThat(Json.write(alert)).doesNotContain("\"threshold\"");
        }
        assertThat(Json.write(bad)).contains("\"badness_low\":0.0,\"badness_high\":1.0");
        assertThat(Json.read(Json.write(bad), Alert.class).threshold()).isNull();
    }
}
