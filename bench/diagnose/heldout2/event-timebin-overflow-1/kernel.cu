// Per-stream event-time histogram: events[s, e] are timestamps in microseconds in [0, span_us);
// counts[s, b] = number of events of stream s that fall into time bin b of nbins equal bins.
// One block per stream, bins privatised in dynamic shared memory.
extern __shared__ int s_bins[];

__global__ void event_time_histogram(const int* __restrict__ events, int* __restrict__ counts,
                                     int n_events, int nbins, int span_us) {
    const int stream = blockIdx.x;
    const int* ev = events + (size_t)stream * n_events;

    for (int b = threadIdx.x; b < nbins; b += blockDim.x) s_bins[b] = 0;
    __syncthreads();

    for (int e = threadIdx.x; e < n_events; e += blockDim.x) {
        const int t = ev[e];
        int bin = t * nbins / span_us;
        if (bin >= nbins) bin = nbins - 1;
        atomicAdd(&s_bins[bin], 1);
    }
    __syncthreads();

    for (int b = threadIdx.x; b < nbins; b += blockDim.x)
        counts[(size_t)stream * nbins + b] = s_bins[b];
}
