__global__ void hist_ref(const int* events, int* counts, int n_events, int nbins, int span_us) {
    int stream = blockIdx.x;
    int b = blockIdx.y * blockDim.x + threadIdx.x;
    if (b >= nbins) return;
    int n = 0;
    for (int e = 0; e < n_events; ++e) {
        double t = events[(long long)stream * n_events + e];
        long long bb = (long long)(t * nbins / span_us);
        if (bb >= nbins) bb = nbins - 1;
        if (bb == b) ++n;
    }
    counts[(long long)stream * nbins + b] = n;
}
