package org.reusedetector.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The numbers of {@code detect}'s closing line, for people. */
class DetectCommandTest {

    @Test
    void aNumberNotKnownReadsNotApplicable() {
        assertThat(DetectCommand.fourPlaces(null)).isEqualTo("n/a");
        assertThat(DetectCommand.fourPlaces(0.05)).isEqualTo("0.0500");
    }
}
