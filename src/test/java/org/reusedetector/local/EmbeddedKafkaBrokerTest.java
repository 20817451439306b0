package org.reusedetector.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class EmbeddedKafkaBrokerTest {

    @Test
    void rejectsPortsOutOfRange() {
        assertThatThrownBy(() -> EmbeddedKafkaBroker.start(-1, null)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> EmbeddedKafkaBroker.start(65_536, null)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void settingsLetTransactionsWorkOnOneNode() {
        Map<String, Object> settings = EmbeddedKafkaBroker.brokerSettings(9092);

        assertThat(settings)
                .containsEntry("offsets.topic.replication.factor", "1")
                .containsEntry("transaction.state.log.replication.factor", "1")
                .containsEntry("transaction.state.log.min.isr", "1")
                .containsEntry("group.initial.rebalance.delay.ms", "0")
                .containsEntry("message.max.bytes", Integer.toString(16 * 1024 * 1024));
        assertThat(Long.parseLong((String) settings.get("transaction.max.timeout.ms")))
                .isGreaterThanOrEqualTo(3_600_000L);
        assertThat((String) settings.get("listeners"))
                .contains(EmbeddedKafkaBroker.CLIENT_LISTENER + "://localhost:9092");
    }
}
