package org.reusedetector.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class EmbeddedJvmTest {

    private static final long MIB = 1024L * 1024;

    @Test
    void heapIsAQuarterOfTheMachineWithinBounds() {
        assertThat(EmbeddedJvm.heapBytes(24L * 1024 * MIB)).isEqualTo(1024 * MIB);
        assertThat(EmbeddedJvm.heapBytes(2L * 1024 * MIB)).isEqualTo(512 * MIB);
        assertThat(EmbeddedJvm.heapBytes(512 * MIB)).isEqualTo(256 * MIB);
    }

    @Test
    void aCommandRunInTheCallersJvmIsNotRelaunched() {
        // tests, benchmarks and embedding callers run commands through Main.run, never main: their JVM is theirs
        assertThat(EmbeddedJvm.relaunchIfUnsized()).isEmpty();
    }
}
