package org.reusedetector.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import org.junit.jupiter.api.Test;
import org.reusedetector.state.PairFormat.Pair;

class AbstractStateFormatTest {

    @Test
    void writesTheCurrentVersionAndReadsEveryEarlierOne() throws IOException {
        PairFormat current = new PairFormat();
        assertThat(current.name()).isEqualTo(PairFormat.NAME);
        assertThat(current.getVersion()).isEqualTo(2);
        assertThat(current.type()).isEqualTo(Pair.class);
        assertThat(current.deserialize(2, current.serialize(new Pair("p", 5)))).isEqualTo(new Pair("p", 5));
        byte[] v1 = PairFormat.writing(1).serialize(new Pair("p", 5));
        assertThat(current.deserialize(1, v1)).isEqualTo(new Pair("p", 0));
    }

    @Test
    void aVersionTheFormatNeverWroteFailsWithItsNameAndTheVersionsItReads() throws IOException {
        PairFormat earlier = PairFormat.writing(1);
        byte[] v2 = new PairFormat().serialize(new Pair("p", 5));
        // a release rolled back over a later release's state: it must not read the bytes as its own version
        assertThatThrownBy(() -> earlier.deserialize(2, v2))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("unknown version 2 of state format " + PairFormat.NAME)
                .hasMessageContaining("versions 1 to 1");
        assertThatThrownBy(() -> new PairFormat().deserialize(0, v2))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("unknown version 0");
        assertThatThrownBy(() -> PairFormat.writing(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
