package org.reusedetector.shingle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SketchesTest {

    @Test
    void aSketchRoundTripsThroughItsText() {
        long[] sketch = new Random(3).longs(84).toArray();
        String text = Sketches.encode(sketch);
        assertThat(text).startsWith("oph.").hasSize(4 + 896);
        assertThat(Sketches.decode(text)).containsExactly(sketch);
    }

    @Test
    void aSketchOfTheEarlierEstimatorIsRefused() {
        ByteBuffer bytes = ByteBuffer.allocate(84 * 8);
        new Random(4).longs(84).forEach(bytes::putLong);
        String earlier = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes.array());
        assertThatThrownBy(() -> Sketches.decode(earlier))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("relabel");
        assertThatThrownBy(() -> Sketches.decode("oph.AAAA")).isInstanceOf(IllegalArgumentException.class);
    }
}
