package org.reusedetector.config;

/** What a partial target raises ({@code scoring.page-alert-type}). */
public enum PageAlertType {
    /** A {@code page} alert: content reuse. */
    PAGE,
    /** A {@code phish} alert naming the brand: the phishing profile (paper §8.2, {@code config/phishing.yaml}). */
    PHISH
}
