/***************************************************************************
 * mri_q.cu: computation of the Q matrix for non-Cartesian MRI reconstruction,
 * with the k-space samples streamed through __constant__ memory in chunks, in
 * the style of Parboil's mri-q (computeQ.cu).  Written for the gpurd test corpus.
 ***************************************************************************/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <malloc.h>

#define PI   3.1415926535897932384626433832795029f
#define PIx2 6.2831853071795864769252867665590058f

#define MIN(X,Y) ((X) < (Y) ? (X) : (Y))
#define K_ELEMS_PER_GRID 2048

#define KERNEL_PHI_MAG_THREADS_PER_BLOCK 512
#define KERNEL_Q_THREADS_PER_BLOCK 256
#define KERNEL_Q_K_ELEMS_PER_GRID 1024

struct kValues {
  float Kx;
  float Ky;
  float Kz;
  float PhiMag;
};

/* Values in the k-space coordinate system are stored in constant memory
 * on the GPU */
__constant__ __device__ kValues ck[KERNEL_Q_K_ELEMS_PER_GRID];

__global__ void
ComputePhiMag_GPU(float* phiR, float* phiI, float* phiMag, int numK) {
  int indexK = blockIdx.x*KERNEL_PHI_MAG_THREADS_PER_BLOCK + threadIdx.x;
  if (indexK < numK) {
    float real = phiR[indexK];
    float imag = phiI[indexK];
    phiMag[indexK] = real*real + imag*imag;
  }
}

__global__ void
ComputeQ_GPU(int numK, int kGlobalIndex,
	     float* x, float* y, float* z, float* Qr , float* Qi)
{
  float sX;
  float sY;
  float sZ;
  float sQr;
  float sQi;

  // Determine the element of the X arrays computed by this thread
  int xIndex = blockIdx.x*KERNEL_Q_THREADS_PER_BLOCK + threadIdx.x;

  // Read block's X values from global mem to shared mem
  sX = x[xIndex];
  sY = y[xIndex];
  sZ = z[xIndex];
  sQr = Qr[xIndex];
  sQi = Qi[xIndex];

  // Loop over all elements of K in constant mem to compute a partial value
  // for X.
  int kIndex = 0;
  if (numK % 2) {
    float expArg = PIx2 * (ck[0].Kx * sX + ck[0].Ky * sY + ck[0].Kz * sZ);
    sQr += ck[0].PhiMag * cos(expArg);
    sQi += ck[0].PhiMag * sin(expArg);
    kIndex++;
    kGlobalIndex++;
  }

  for (; (kIndex < KERNEL_Q_K_ELEMS_PER_GRID) && (kGlobalIndex < numK);
       kIndex += 2, kGlobalIndex += 2) {
    float expArg = PIx2 * (ck[kIndex].Kx * sX +
			   ck[kIndex].Ky * sY +
			   ck[kIndex].Kz * sZ);
    sQr += ck[kIndex].PhiMag * cos(expArg);
    sQi += ck[kIndex].PhiMag * sin(expArg);

    int kIndex1 = kIndex + 1;
    float expArg1 = PIx2 * (ck[kIndex1].Kx * sX +
			    ck[kIndex1].Ky * sY +
			    ck[kIndex1].Kz * sZ);
    sQr += ck[kIndex1].PhiMag * cos(expArg1);
    sQi += ck[kIndex1].PhiMag * sin(expArg1);
  }

  Qr[xIndex] = sQr;
  Qi[xIndex] = sQi;
}

void computePhiMag_GPU(int numK, float* phiR_d, float* phiI_d, float* phiMag_d)
{
  int phiMagBlocks = numK / KERNEL_PHI_MAG_THREADS_PER_BLOCK;
  if (numK % KERNEL_PHI_MAG_THREADS_PER_BLOCK)
    phiMagBlocks++;
  dim3 DimPhiMagBlock(KERNEL_PHI_MAG_THREADS_PER_BLOCK, 1);
  dim3 DimPhiMagGrid(phiMagBlocks, 1);

  ComputePhiMag_GPU <<< DimPhiMagGrid, DimPhiMagBlock >>>
    (phiR_d, phiI_d, phiMag_d, numK);
}

void computeQ_GPU(int numK, int numX,
                  float* x_d, float* y_d, float* z_d,
                  kValues* kVals,
                  float* Qr_d, float* Qi_d)
{
  int QGrids = numK / KERNEL_Q_K_ELEMS_PER_GRID;
  if (numK % KERNEL_Q_K_ELEMS_PER_GRID)
    QGrids++;
  int QBlocks = numX / KERNEL_Q_THREADS_PER_BLOCK;
  if (numX % KERNEL_Q_THREADS_PER_BLOCK)
    QBlocks++;
  dim3 DimQBlock(KERNEL_Q_THREADS_PER_BLOCK, 1);
  dim3 DimQGrid(QBlocks, 1);

  for (int QGrid = 0; QGrid < QGrids; QGrid++) {
    // Put the tile of K values into constant mem
    int QGridBase = QGrid * KERNEL_Q_K_ELEMS_PER_GRID;
    kValues* kValsTile = kVals + QGridBase;
    int numElems = MIN(KERNEL_Q_K_ELEMS_PER_GRID, numK - QGridBase);

    cudaMemcpyToSymbol(ck, kValsTile, numElems * sizeof(kValues), 0);

    ComputeQ_GPU <<< DimQGrid, DimQBlock >>>
      (numK, QGridBase, x_d, y_d, z_d, Qr_d, Qi_d);
  }
}

int main (int argc, char *argv[]) {
  int numX = 32768, numK = 3072;
  float *kx, *ky, *kz, *x, *y, *z, *phiR, *phiI, *phiMag, *Qr, *Qi;
  kValues* kVals;

  kx = (float *) memalign(16, numK * sizeof(float));
  ky = (float *) memalign(16, numK * sizeof(float));
  kz = (float *) memalign(16, numK * sizeof(float));
  phiR = (float *) memalign(16, numK * sizeof(float));
  phiI = (float *) memalign(16, numK * sizeof(float));
  x = (float *) memalign(16, numX * sizeof(float));
  y = (float *) memalign(16, numX * sizeof(float));
  z = (float *) memalign(16, numX * sizeof(float));
  for (int i = 0; i < numK; i++) { kx[i] = ky[i] = kz[i] = 0.001f * i; phiR[i] = phiI[i] = 1.0f; }
  for (int i = 0; i < numX; i++) { x[i] = y[i] = z[i] = 0.01f * i; }

  /* Create GPU data structures */
  {
    float *phiR_d, *phiI_d;
    float *phiMag_d;

    cudaMalloc((void **)&phiR_d, numK * sizeof(float));
    cudaMemcpy(phiR_d, phiR, numK * sizeof(float), cudaMemcpyHostToDevice);
    cudaMalloc((void **)&phiI_d, numK * sizeof(float));
    cudaMemcpy(phiI_d, phiI, numK * sizeof(float), cudaMemcpyHostToDevice);
    cudaMalloc((void **)&phiMag_d, numK * sizeof(float));

    cudaThreadSynchronize();

    computePhiMag_GPU(numK, phiR_d, phiI_d, phiMag_d);

    cudaThreadSynchronize();

    phiMag = (float* ) memalign(16, numK * sizeof(float));
    cudaMemcpy(phiMag, phiMag_d, numK * sizeof(float), cudaMemcpyDeviceToHost);
    cudaFree(phiMag_d);
    cudaFree(phiI_d);
    cudaFree(phiR_d);
  }

  kVals = (struct kValues*)calloc(numK, sizeof (struct kValues));
  for (int k = 0; k < numK; k++) {
    kVals[k].Kx = kx[k];
    kVals[k].Ky = ky[k];
    kVals[k].Kz = kz[k];
    kVals[k].PhiMag = phiMag[k];
  }

  free(phiMag);

  {
    float *x_d, *y_d, *z_d;
    float *Qr_d, *Qi_d;

    cudaMalloc((void **)&x_d, numX * sizeof(float));
    cudaMemcpy(x_d, x, numX * sizeof(float), cudaMemcpyHostToDevice);
    cudaMalloc((void **)&y_d, numX * sizeof(float));
    cudaMemcpy(y_d, y, numX * sizeof(float), cudaMemcpyHostToDevice);
    cudaMalloc((void **)&z_d, numX * sizeof(float));
    cudaMemcpy(z_d, z, numX * sizeof(float), cudaMemcpyHostToDevice);
    cudaMalloc((void **)&Qr_d, numX * sizeof(float));
    cudaMemset((void *)Qr_d, 0, numX * sizeof(float));
    cudaMalloc((void **)&Qi_d, numX * sizeof(float));
    cudaMemset((void *)Qi_d, 0, numX * sizeof(float));

    cudaThreadSynchronize();

    computeQ_GPU(numK, numX, x_d, y_d, z_d, kVals, Qr_d, Qi_d);

    cudaThreadSynchronize();

    Qr = (float *) memalign(16, numX * sizeof(float));
    Qi = (float *) memalign(16, numX * sizeof(float));
    cudaMemcpy(Qr, Qr_d, numX * sizeof(float), cudaMemcpyDeviceToHost);
    cudaMemcpy(Qi, Qi_d, numX * sizeof(float), cudaMemcpyDeviceToHost);

    cudaFree(x_d);
    cudaFree(y_d);
    cudaFree(z_d);
    cudaFree(Qr_d);
    cudaFree(Qi_d);
  }

  free (kx); free (ky); free (kz);
  free (x); free (y); free (z);
  free (phiR); free (phiI);
  free (kVals);
  free (Qr); free (Qi);

  return 0;
}
