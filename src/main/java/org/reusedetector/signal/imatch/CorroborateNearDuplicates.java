package org.reusedetector.signal.imatch;

import java.time.Instant;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.util.Collector;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.detection.functions.HostCorroboration;
import org.reusedetector.model.Alert;
import org.reusedetector.model.Evidence;

/**
 * The {@code near-duplicate} alerts of {@link MatchNearDuplicates}, reported per host ({@link HostCorroboration}): a
 * corroborated host's alerts go on; one whose hold ends first is dropped.
 */
public final class CorroborateNearDuplicates extends HostCorroboration<Alert> {

    /** The host of an alert's page. */
    public static final KeySelector<Alert, String> HOST = alert -> hostOf(alert.url());

    public CorroborateNearDuplicates(DetectionSettings settings) {
        super(settings.corroboration(), TypeInformation.of(Alert.class));
    }

    @Override
    protected String labelledUrl(Alert alert) {
        if (alert.evidence() == null || alert.evidence().length == 0) {
            return null;
        }
        Evidence labelled = alert.evidence()[0];
        // a label with no example page still names one signature: count it by that
        return labelled.exampleUrl() != null ? labelled.exampleUrl() : "signature:" + labelled.hash();
    }

    @Override
    protected long eventTime(Alert alert) {
        return Instant.parse(alert.eventTime()).toEpochMilli();
    }

    @Override
    protected void report(Alert alert, Context ctx, Collector<Alert> out) {
        out.collect(alert);
    }

    @Override
    protected void release(Alert alert, Collector<Alert> out) {
        // not corroborated: the page goes on unreported (it was scored as any page already)
    }
}
