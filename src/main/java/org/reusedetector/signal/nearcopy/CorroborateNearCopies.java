package org.reusedetector.signal.nearcopy;

import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.util.Collector;
import org.apache.flink.util.OutputTag;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.detection.JobCounter;
import org.reusedetector.detection.Metrics;
import org.reusedetector.detection.functions.HostCorroboration;
import org.reusedetector.model.Alert;
import org.reusedetector.model.CopyMark;
import org.reusedetector.model.Evidence;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.Label;

/**
 * The near copies {@link MatchNearCopies} found, reported per host ({@link HostCorroboration}): a corroborated host's
 * near copy goes on marked and raises its {@code near-copy} alert (side output {@link #ALERTS}); one whose hold ends
 * first goes on as an ordinary page, with no mark and no alert, its chunks scored as any page's.
 */
public final class CorroborateNearCopies extends HostCorroboration<HashedPage> {

    /** The near-copy alerts of corroborated hosts. */
    public static final OutputTag<Alert> ALERTS = new OutputTag<>("near-copy-alerts", TypeInformation.of(Alert.class));

    /** The host of a page. */
    public static final KeySelector<HashedPage, String> HOST = page -> hostOf(page.url());

    private final DetectionSettings settings;
    private transient JobCounter alerts;

    public CorroborateNearCopies(DetectionSettings settings) {
        super(settings.corroboration(), TypeInformation.of(HashedPage.class));
        this.settings = settings;
    }

    @Override
    public void open(OpenContext openContext) throws Exception {
        super.open(openContext);
        alerts = JobCounter.register(getRuntimeContext(), Metrics.NEAR_COPY_ALERTS);
    }

    @Override
    protected String labelledUrl(HashedPage page) {
        CopyMark mark = page.result(CopyMark.KEY);
        return mark == null || page.result(MatchNearCopies.LABEL) == null ? null : mark.labelledUrl();
    }

    @Override
    protected long eventTime(HashedPage page) {
        return page.eventTime();
    }

    @Override
    protected void report(HashedPage page, Context ctx, Collector<HashedPage> out) {
        CopyMark mark = page.result(CopyMark.KEY);
        String[] label = page.result(MatchNearCopies.LABEL).split("\t", 2);
        alerts.inc();
        ctx.output(
                ALERTS,
                Alert.nearCopy(
                        page.url(),
                        page.eventTime(),
                        mark.resemblance(),
                        settings.nearCopy().threshold(),
                        new Evidence(
                                label[0],
                                Label.KIND_SHINGLE,
                                label.length > 1 && !label[1].isEmpty() ? label[1] : null,
                                mark.labelledUrl())));
        out.collect(page.without(MatchNearCopies.LABEL));
    }

    @Override
    protected void release(HashedPage page, Collector<HashedPage> out) {
        out.collect(page.without(MatchNearCopies.LABEL).without(CopyMark.KEY));
    }
}
