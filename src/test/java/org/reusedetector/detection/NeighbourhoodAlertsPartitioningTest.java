package org.reusedetector.detection;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.streaming.api.graph.StreamEdge;
import org.apache.flink.streaming.api.graph.StreamGraph;
import org.apache.flink.streaming.api.graph.StreamNode;
import org.apache.flink.streaming.runtime.partitioner.KeyGroupStreamPartitioner;
import org.junit.jupiter.api.Test;
import org.reusedetector.model.Alert;
import org.reusedetector.model.Evidence;
import org.reusedetector.model.PrefixScore;

/**
 * The one verdict task hands its alerts on partitioned by prefix, also through the union with the other alerts: a
 * prefix's alerts reach one sink task, which writes them in order (a round robin would split a neighbourhood's alert
 * and its {@code cleared} between two producers).
 */
class NeighbourhoodAlertsPartitioningTest {

    @Test
    void aPrefixsAlertsGoToOneDownstreamTask() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(2);
        DataStream<PrefixScore> scores = env.fromData(
                List.of(PrefixScore.of("https://a.org/", 1, 0.5, 0, 0, 1, new Evidence[0], Double.NaN)),
                TypeInformation.of(PrefixScore.class));
        DataStream<Alert> pageAlerts = env.fromData(List.<Alert>of(), TypeInformation.of(Alert.class));
        pageAlerts
                .union(DetectionWorkflow.neighbourhoodAlerts(scores, TestPages.settings("run", 1)))
                .map(a -> a, TypeInformation.of(Alert.class))
                .name("after-union")
                .sinkTo(new DiscardingSink<>());

        StreamGraph graph = env.getStreamGraph();
        StreamNode verdicts = graph.getStreamNodes().stream()
                .filter(n -> n.getOperatorName().equals(OperatorIds.NEIGHBOURHOOD_THRESHOLD))
                .findFirst()
                .orElseThrow();
        assertThat(verdicts.getParallelism()).isEqualTo(1);
        List<StreamEdge> out = verdicts.getOutEdges();
        assertThat(out).singleElement().satisfies(edge -> {
            assertThat(graph.getStreamNode(edge.getTargetId()).getOperatorName())
                    .isEqualTo("after-union");
            assertThat(edge.getPartitioner()).isInstanceOf(KeyGroupStreamPartitioner.class);
        });
    }
}
