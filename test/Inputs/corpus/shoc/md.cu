// md.cu: Lennard-Jones force computation over a neighbour list, with positions
// read either directly or through a float4 texture reference selected by a
// template parameter, in the style of SHOC's level1 MD.
// Written for the gpurd test corpus.
#include <cassert>
#include <cfloat>
#include <cstdlib>
#include <iostream>
#include <list>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <cuda.h>
#include <cuda_runtime.h>

// Problem Constants
static const float  cutsq        = 16.0f; // Square of cutoff distance
static const int    maxNeighbors = 128;  // Max number of nearest neighbors
static const double domainEdge   = 20.0; // Edge length of the cubic domain
static const float  lj1          = 1.5;  // LJ constants
static const float  lj2          = 2.0;
static const float  EPSILON      = 0.1f; // Relative Error between CPU/GPU

// Texture caches for position info
texture<float4, 1, cudaReadModeElementType> posTexture;
texture<int4, 1, cudaReadModeElementType> posTexture_dp;

struct texReader_sp {
   __device__ __forceinline__ float4 operator()(int idx) const
   {
       return tex1Dfetch(posTexture, idx);
   }
};

// CUDA doesn't support double4 textures, so we have to do some conversion
// here, resulting in a bit of overhead, but it's still faster than
// an uncoalesced read
struct texReader_dp {
   __device__ __forceinline__ double4 operator()(int idx) const
   {
       int4 v = tex1Dfetch(posTexture_dp, idx*2);
       double2 a = make_double2(__hiloint2double(v.y, v.x),
                                __hiloint2double(v.w, v.z));

       v = tex1Dfetch(posTexture_dp, idx*2 + 1);
       double2 b = make_double2(__hiloint2double(v.y, v.x),
                                __hiloint2double(v.w, v.z));

       return make_double4(a.x, a.y, b.x, b.y);
   }
};

// ****************************************************************************
// Function: compute_lj_force
//
// Purpose:
//   GPU kernel to calculate Lennard Jones force
//
// Arguments:
//      force3:     array to store the calculated forces
//      position:   positions of atoms
//      neighCount: number of neighbors for each atom to consider
//      neighList:  atom neighbor list
//      cutsq:      cutoff distance squared
//      lj1, lj2:   LJ force constants
//      inum:       total number of atoms
// ****************************************************************************
template <class T, class forceVecType, class posVecType, bool useTexture,
          typename texReader>
__global__ void compute_lj_force(forceVecType* __restrict__ force3,
                                 const posVecType* __restrict__ position,
                                 const int neighCount,
                                 const int* __restrict__ neighList,
                                 const T cutsq,
                                 const T lj1,
                                 const T lj2,
                                 const int inum)
{
    // Global ID - one thread per atom
    int idx = blockIdx.x*blockDim.x + threadIdx.x;

    // Position of this thread's atom
    posVecType ipos = position[idx];

    // Force accumulator
    forceVecType f = {0.0f, 0.0f, 0.0f};

    texReader positionTexReader;

    int j = 0;
    while (j < neighCount)
    {
        int jidx = neighList[j*inum + idx];
        posVecType jpos;
        if (useTexture)
        {
            // Use texture mem as a cache
            jpos = positionTexReader(jidx);
        }
        else
        {
            jpos = position[jidx];
        }

        // Calculate distance
        T delx = ipos.x - jpos.x;
        T dely = ipos.y - jpos.y;
        T delz = ipos.z - jpos.z;
        T r2inv = delx*delx + dely*dely + delz*delz;

        // If distance is less than cutoff, calculate force
        // and add to accumulator
        if (r2inv < cutsq)
        {
            r2inv = 1.0f/r2inv;
            T r6inv = r2inv * r2inv * r2inv;
            T force = r2inv*r6inv*(lj1*r6inv - lj2);

            f.x += delx * force;
            f.y += dely * force;
            f.z += delz * force;
        }
        j++;
    }

    // store the results
    force3[idx] = f;
}

template <class T, class forceVecType, class posVecType, bool useTexture, typename texReader>
void runTest(const std::string& testName, int nAtom)
{
    // Allocate problem data on host
    posVecType*   position;
    forceVecType* force;
    int* neighborList;

    cudaMallocHost((void**)&position, nAtom*sizeof(posVecType));
    cudaMallocHost((void**)&force,    nAtom*sizeof(forceVecType));
    cudaMallocHost((void**)&neighborList, nAtom*maxNeighbors*sizeof(int));

    // Allocate device memory for position and force
    forceVecType* d_force;
    posVecType*   d_position;
    cudaMalloc((void**)&d_force,    nAtom*sizeof(forceVecType));
    cudaMalloc((void**)&d_position, nAtom*sizeof(posVecType));

    // Allocate device memory for neighbor list
    int* d_neighList;
    cudaMalloc((void**)&d_neighList, nAtom*maxNeighbors*sizeof(int));

    for (int i = 0; i < nAtom; i++)
    {
        position[i].x = (T)(drand48() * domainEdge);
        position[i].y = (T)(drand48() * domainEdge);
        position[i].z = (T)(drand48() * domainEdge);
    }
    for (int i = 0; i < nAtom * maxNeighbors; i++)
        neighborList[i] = (i * 131) % nAtom;

    // Copy neighbor list data to GPU
    cudaMemcpy(d_neighList, neighborList, maxNeighbors*nAtom*sizeof(int), cudaMemcpyHostToDevice);
    // Copy position to GPU
    cudaMemcpy(d_position, position, nAtom*sizeof(posVecType), cudaMemcpyHostToDevice);

    // Bind position to texture memory
    cudaChannelFormatDesc posTextureDesc = cudaCreateChannelDesc<posVecType>();
    if (sizeof(T) == sizeof(float))
        cudaBindTexture(0, posTexture, d_position, posTextureDesc, nAtom*sizeof(posVecType));
    else
        cudaBindTexture(0, posTexture_dp, d_position, nAtom*sizeof(posVecType));

    int blockSize = 256;
    int gridSize  = nAtom / blockSize;

    compute_lj_force<T, forceVecType, posVecType, useTexture, texReader>
        <<<gridSize, blockSize>>>
        (d_force, d_position, maxNeighbors, d_neighList, cutsq, lj1, lj2, nAtom);
    cudaThreadSynchronize();

    cudaMemcpy(force, d_force, nAtom*sizeof(forceVecType), cudaMemcpyDeviceToHost);
    std::cout << testName << ": f[0].x = " << force[0].x << std::endl;

    // Clean up
    cudaUnbindTexture(posTexture);
    cudaFreeHost(position);
    cudaFreeHost(force);
    cudaFreeHost(neighborList);
    cudaFree(d_position);
    cudaFree(d_force);
    cudaFree(d_neighList);
}

int main(int argc, char** argv)
{
    int nAtom = 73728;
    runTest<float, float3, float4, true, texReader_sp>("MD-LJ", nAtom);
    runTest<float, float3, float4, false, texReader_sp>("MD-LJ-NoTex", nAtom);
    runTest<double, double3, double4, true, texReader_dp>("MD-LJ-DP", nAtom);
    return 0;
}
