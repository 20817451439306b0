package org.reusedetector.stream.functions;

import org.reusedetector.model.PrefixScore;

/** A neighbourhood's latest score and whether it is above the threshold (alerted, not yet fallen back). */
public record NeighbourhoodVerdict(PrefixScore latest, boolean above) {}
