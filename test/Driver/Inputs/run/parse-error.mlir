module {
  gpu.module @kernels {
    gpu.func @saxpy() kernel {
      gpu.retrun
    }
  }
}
