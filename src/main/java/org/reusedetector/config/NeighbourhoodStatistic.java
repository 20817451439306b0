package org.reusedetector.config;

/** Which statistic of neighbourhood badness sets the threshold ({@code neighborhood.statistic}). */
public enum NeighbourhoodStatistic {
    /** median + k·1.4826·MAD: the typical neighbourhood, whatever the outliers do. */
    ROBUST,
    /** The paper's mean + k·σ. */
    MEAN
}
