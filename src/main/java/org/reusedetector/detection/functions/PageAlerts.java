package org.reusedetector.detection.functions;

import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichFlatMapFunction;
import org.apache.flink.util.Collector;
import org.reusedetector.detection.JobCounter;
import org.reusedetector.detection.Metrics;
import org.reusedetector.model.Alert;
import org.reusedetector.model.PageScore;
import org.reusedetector.score.PageRule;

/**
 * A whole-file match raises a {@code file} alert; a page over the page threshold is a partial target: {@code page}. A
 * re-score that ends an alert the page raised (keyed label mode, after a label change) raises {@code cleared} for it.
 */
public final class PageAlerts extends RichFlatMapFunction<PageScore, Alert> {

    private final PageRule rule;
    private transient JobCounter alerts;

    public PageAlerts(PageRule rule) {
        this.rule = rule;
    }

    @Override
    public void open(OpenContext openContext) {
        alerts = JobCounter.register(getRuntimeContext(), Metrics.PAGE_ALERTS);
    }

    @Override
    public void flatMap(PageScore score, Collector<Alert> out) {
        Alert alert = toAlert(score, rule);
        if (alert != null) {
            alerts.inc();
            out.collect(alert);
        }
    }

    /** The alert a page score raises, or {@code null}. */
    public static Alert toAlert(PageScore score, PageRule rule) {
        if (!rule.alerts(score)) {
            return score.clearsAlert() ? Alert.pageCleared(score, rule.threshold()) : null;
        }
        if (rule.phishing()) {
            return Alert.phish(score, rule.threshold(), PageRule.brandOf(score.evidence()));
        }
        return score.fileMatch() ? Alert.file(score) : Alert.page(score, rule.threshold());
    }
}
